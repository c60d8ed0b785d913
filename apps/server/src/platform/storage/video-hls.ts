import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { runMediaTool } from '../media-tools.ts';
import type { StorageProvider } from './types.ts';
import { extractVideoFrame } from './video-frame.ts';
import { probeVideo } from './video-probe.ts';

/**
 * HLS ladders of stored videos (docs/decisions/0023-media.md): H.264 (+ AAC when the
 * source has sound) in MPEG-TS segments of about HLS_SEGMENT_SECONDS, VOD playlists, a
 * master playlist with BANDWIDTH, RESOLUTION and NAME, and a poster frame. The uploads
 * module runs it as a background job; the seed runs it for the demo videos.
 */

/** The rungs, by the picture's short side (a portrait video's width): 1080p, 720p, 480p, 360p. */
export const HLS_RUNGS = [1080, 720, 480, 360] as const;
export const HLS_SEGMENT_SECONDS = 4;
/** Peak video bitrate per rung (kbit/s); a rung under 360 (a tiny source) gets the last. */
const VIDEO_MAX_KBPS: Record<number, number> = { 1080: 5000, 720: 2800, 480: 1400, 360: 800 };
const SMALL_RUNG_MAX_KBPS = 500;
const AUDIO_KBPS = 128;
/** Encoding time allowed: a minute plus eight times the video's length, at most 2.5 h. */
const BASE_TIMEOUT_MS = 60_000;
const TIMEOUT_PER_SOURCE_MS = 8;
const MAX_TIMEOUT_MS = 150 * 60_000;
/** Videos shorter than this get their poster at 10 % of their length, longer ones at 1 s. */
const POSTER_AT_S = 1;
const SHORT_VIDEO_MS = 10_000;

export type HlsRung = {
  /** The rung's name: 1080, 720, 480, 360, or the source's own short side below 360. */
  rung: number;
  width: number;
  height: number;
  maxKbps: number;
};

/** Even and at least 2 (H.264 in 4:2:0 needs even sizes), rounded down. */
const evenFloor = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/**
 * The ladder of a `width`×`height` picture (display size): every rung not above its
 * short side (a portrait video counts its width), tallest first; a source under 360
 * gets one rung at its own size. Sizes keep the aspect ratio, rounded down to even.
 */
export function hlsLadder(width: number, height: number): HlsRung[] {
  const short = Math.min(width, height);
  const fitting = HLS_RUNGS.filter((rung) => rung <= short);
  const rungs: number[] = fitting.length > 0 ? fitting : [evenFloor(short)];
  const portrait = height > width;
  return rungs.map((rung) => {
    const scale = rung / short;
    return {
      rung,
      width: portrait ? evenFloor(rung) : evenFloor(width * scale),
      height: portrait ? evenFloor(height * scale) : evenFloor(rung),
      maxKbps: VIDEO_MAX_KBPS[rung] ?? SMALL_RUNG_MAX_KBPS,
    };
  });
}

/** Where a video's ladder lives: beside it, `<stem>-hls/` (`posts/…/7-ab12.mp4` → `posts/…/7-ab12-hls`). */
export function hlsDirOf(videoKey: string): string {
  const slash = videoKey.lastIndexOf('/');
  const dot = videoKey.lastIndexOf('.');
  return `${dot > slash ? videoKey.slice(0, dot) : videoKey}-hls`;
}

export const HLS_MASTER = 'master.m3u8';
export const HLS_POSTER = 'poster.jpg';

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

export type EncodedRendition = HlsRung & { playlist: string; bandwidth: number; averageBandwidth: number };

/** Peak and average bitrate of one rendition, from its playlist's segment lengths and file sizes. */
async function measure(dir: string, playlist: string): Promise<{ bandwidth: number; averageBandwidth: number }> {
  const lines = (await readFile(path.join(dir, playlist), 'utf8')).split(/\r?\n/);
  let peak = 0;
  let totalBits = 0;
  let totalSeconds = 0;
  for (let i = 0; i < lines.length; i++) {
    const match = /^#EXTINF:([\d.]+)/.exec(lines[i] ?? '');
    const segment = lines[i + 1]?.trim();
    if (!match || !segment || segment.startsWith('#')) continue;
    const seconds = Number(match[1]);
    const bits = (await stat(path.join(dir, segment))).size * 8;
    totalBits += bits;
    totalSeconds += seconds;
    // A last sliver of a segment says little about the stream's rate.
    if (seconds >= 0.5) peak = Math.max(peak, bits / seconds);
  }
  if (totalSeconds <= 0) throw new Error(`ffmpeg wrote no segments to ${playlist}`);
  const averageBandwidth = Math.ceil(totalBits / totalSeconds);
  return { bandwidth: Math.ceil(Math.max(peak, averageBandwidth)), averageBandwidth };
}

/** The master playlist: every rendition, tallest first. */
export function masterPlaylist(renditions: readonly EncodedRendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},NAME="${r.rung}p"`,
      r.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

export type EncodedLadder = {
  /** The folder holding every file below. */
  dir: string;
  renditions: EncodedRendition[];
  /** File names inside `dir`: segments, rendition playlists and the poster, then the master last. */
  files: string[];
};

/**
 * Encodes the video at `sourcePath` into `outDir` (which must be empty or missing): one
 * ffmpeg run decodes once and writes every rung; then the poster and the master playlist.
 * Throws (FILE_PROCESSING_FAILED or an Error) when ffmpeg fails or runs out of time.
 */
export async function encodeHlsLadder(sourcePath: string, outDir: string): Promise<EncodedLadder> {
  const facts = await probeVideo(sourcePath);
  const ladder = hlsLadder(facts.width, facts.height);
  await mkdir(outDir, { recursive: true });

  const split =
    ladder.length === 1
      ? `[0:v]scale=${ladder[0]?.width}:${ladder[0]?.height},setsar=1[v0]`
      : `[0:v]split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')};` +
        ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`).join(';');
  const args = ['-i', sourcePath, '-filter_complex', split];
  ladder.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (facts.hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-crf',
      '23',
      '-maxrate',
      `${r.maxKbps}k`,
      '-bufsize',
      `${r.maxKbps * 2}k`,
      // A keyframe every segment's length, so every segment starts one (independent segments).
      '-force_key_frames',
      `expr:gte(t,n_forced*${HLS_SEGMENT_SECONDS})`,
    );
    if (facts.hasAudio) args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2');
    args.push(
      '-map_metadata',
      '-1',
      '-f',
      'hls',
      '-hls_time',
      String(HLS_SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_list_size',
      '0',
      '-hls_segment_filename',
      path.join(outDir, `${r.rung}p_%03d.ts`),
      '-y',
      path.join(outDir, `${r.rung}p.m3u8`),
    );
  });
  const timeoutMs = Math.min(MAX_TIMEOUT_MS, BASE_TIMEOUT_MS + facts.durationMs * TIMEOUT_PER_SOURCE_MS);
  const { code, stderr } = await runMediaTool('ffmpeg', args, timeoutMs);
  if (code === null) throw new Error(`ffmpeg was stopped after ${timeoutMs} ms encoding the HLS ladder`);
  if (code !== 0) throw new Error(`ffmpeg exited with ${code} encoding the HLS ladder: ${stderr.trim().slice(-300)}`);

  const renditions: EncodedRendition[] = [];
  for (const r of ladder) {
    const playlist = `${r.rung}p.m3u8`;
    renditions.push({ ...r, playlist, ...(await measure(outDir, playlist)) });
  }
  const posterAt = facts.durationMs >= SHORT_VIDEO_MS ? POSTER_AT_S : Math.round(facts.durationMs / 10) / 1000;
  await extractVideoFrame(sourcePath, posterAt, path.join(outDir, HLS_POSTER));
  await writeFile(path.join(outDir, HLS_MASTER), masterPlaylist(renditions));

  const written = await readdir(outDir);
  const segments = written.filter((name) => name.endsWith('.ts')).sort();
  const files = [...segments, ...renditions.map((r) => r.playlist), HLS_POSTER, HLS_MASTER];
  return { dir: outDir, renditions, files };
}

export type StoredLadder = {
  masterKey: string;
  posterKey: string;
  /** Rung names, tallest first. */
  renditions: number[];
  /** Every key written, the master last. */
  keys: string[];
};

/** Removes stored ladder files; what cannot be removed is logged. */
export async function removeStoredKeys(
  storage: StorageProvider,
  keys: readonly string[],
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove a file of an HLS ladder')),
    ),
  );
}

/**
 * Encodes the stored video `videoKey` into an HLS ladder and stores it under
 * `<stem>-hls/` (hlsDirOf), the master playlist last, so a master that exists means a
 * complete ladder. `workDir` is the caller's to remove. A failure removes whatever was
 * stored and throws: nothing half-stored.
 */
export async function storeHlsLadder(
  storage: StorageProvider,
  videoKey: string,
  workDir: string,
  log: { warn(obj: object, msg: string): void },
): Promise<StoredLadder> {
  let sourcePath: string;
  if (storage.kind === 'local') sourcePath = storage.localPath(videoKey);
  else {
    sourcePath = path.join(workDir, `source${path.extname(videoKey)}`);
    await pipeline(await storage.open(videoKey), createWriteStream(sourcePath, { flags: 'wx' }));
  }
  const encoded = await encodeHlsLadder(sourcePath, path.join(workDir, 'hls'));
  const dir = hlsDirOf(videoKey);
  const written: string[] = [];
  try {
    for (const name of encoded.files) {
      const key = `${dir}/${name}`;
      written.push(key);
      await storage.putFile(key, path.join(encoded.dir, name), CONTENT_TYPES[path.extname(name)] ?? 'video/mp2t');
    }
  } catch (error) {
    await removeStoredKeys(storage, written, log);
    throw error;
  }
  return {
    masterKey: `${dir}/${HLS_MASTER}`,
    posterKey: `${dir}/${HLS_POSTER}`,
    renditions: encoded.renditions.map((r) => r.rung),
    keys: written,
  };
}
