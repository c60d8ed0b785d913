import { spawn } from 'node:child_process';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AiProviderInfo } from '@evcircle/contract';
import sharp from 'sharp';
import type { MediaTools } from '../media-tools.ts';
import { LOCAL_GENERATOR_INFO, renderCaption, renderLocalArtwork } from './local-image.ts';
import { AiProviderError, type VideoProvider } from './types.ts';

/**
 * The video generator that needs no AI service: the local artwork of the prompt
 * (local-image.ts), drawn larger than the frame, filmed with a slow camera move (ffmpeg's
 * zoompan: a push in, a pull back or a pan, chosen by the seed), with the prompt's caption
 * held still on top. H.264 (yuv420p) MP4 at 25 fps with faststart, so it plays in every
 * browser and starts before it has all loaded.
 */

const FPS = 25;
/** The artwork is this much larger than the frame, so the camera has room to move. */
const OVERSCAN = 1.5;
/** Encoding 5 s at 480p takes a few seconds on a busy core; this bounds a stuck ffmpeg. */
const ENCODE_TIMEOUT_MS = 180_000;
const MAX_SIDE = 1920;
const MAX_SECONDS = 30;

/** Share of the progress bar the still takes; ffmpeg's encoding fills the rest. */
const STILL_PROGRESS = 10;

/** The zoompan expressions of one camera move over `frames` frames (`on` is the frame number). */
function cameraMove(kind: number, frames: number): { z: string; x: string; y: string } {
  // Eased progress 0 → 1 (smoothstep), so the camera starts and stops gently.
  const t = `(on/${frames - 1})`;
  const ease = `(${t}*${t}*(3-2*${t}))`;
  const centre = { x: 'iw/2-(iw/zoom/2)', y: 'ih/2-(ih/zoom/2)' };
  switch (kind % 3) {
    case 0: // push in towards the middle
      return { z: `1+0.3*${ease}`, ...centre };
    case 1: // pull back from a close view
      return { z: `1.3-0.3*${ease}`, ...centre };
    default: // pan from left to right at a gentle zoom
      return { z: '1.2', x: `(iw-iw/zoom)*${ease}`, y: centre.y };
  }
}

/** Percent of the encoding done from one block of `-progress` output; null when it has none. */
export function progressFromBlock(block: string, totalUs: number): number | null {
  if (/^progress=end$/m.test(block)) return 100;
  // out_time_us since ffmpeg 4.1; older builds print the same microseconds as out_time_ms.
  const match = /^out_time_(?:us|ms)=(\d+)$/m.exec(block);
  if (!match) return null;
  return Math.max(0, Math.min(99, Math.floor((Number(match[1]) / totalUs) * 100)));
}

type EncodeOptions = {
  ffmpeg: string;
  args: string[];
  totalUs: number;
  signal: AbortSignal;
  onProgress(percent: number): void;
};

/** Runs ffmpeg with `-progress pipe:1`, reporting its progress; resolves when it exits 0. */
function encode({ ffmpeg, args, totalUs, signal, onProgress }: EncodeOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    // No shell: paths go to ffmpeg as arguments. `signal` kills it when the job is cancelled.
    const child = spawn(ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: ENCODE_TIMEOUT_MS,
      signal,
    });
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      // Each block of key=value lines ends with a progress= line.
      let end = pending.search(/^progress=\w+$/m);
      while (end >= 0) {
        const lineEnd = pending.indexOf('\n', end);
        if (lineEnd < 0) break;
        const percent = progressFromBlock(pending.slice(0, lineEnd), totalUs);
        if (percent !== null) onProgress(percent);
        pending = pending.slice(lineEnd + 1);
        end = pending.search(/^progress=\w+$/m);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', (error) => {
      if (signal.aborted) reject(signal.reason);
      else reject(new AiProviderError('unavailable', `ffmpeg could not run: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else if (killedBy)
        reject(
          new AiProviderError('unavailable', `ffmpeg stopped by ${killedBy} (time limit ${ENCODE_TIMEOUT_MS} ms)`),
        );
      else reject(new AiProviderError('unavailable', `ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`));
    });
  });
}

/**
 * The embedded video provider. It needs ffmpeg (found by platform/media-tools.ts): while
 * `mediaTools` has not answered, or when it found none, `info.configured` is false and
 * generate throws AiProviderError('unavailable').
 */
export function createLocalVideoProvider(deps: { mediaTools: () => Promise<MediaTools> }): VideoProvider {
  let hasFfmpeg = false;
  deps.mediaTools().then(
    (tools) => {
      hasFfmpeg = tools.ffmpeg !== null;
    },
    () => {
      hasFfmpeg = false;
    },
  );
  return {
    get info(): AiProviderInfo {
      return { ...LOCAL_GENERATOR_INFO, configured: hasFfmpeg };
    },
    async generate(request, { signal, onProgress, workDir }) {
      const { width, height, durationS } = request;
      for (const side of [width, height]) {
        // yuv420p halves the colour planes: H.264 needs even sides.
        if (!Number.isInteger(side) || side < 64 || side > MAX_SIDE || side % 2 !== 0) {
          throw new RangeError(`video sides must be even integers from 64 to ${MAX_SIDE}, got ${width}×${height}`);
        }
      }
      if (!(durationS > 0 && durationS <= MAX_SECONDS)) throw new RangeError(`duration must be 1–${MAX_SECONDS} s`);
      let reported = -1;
      /** Progress only moves forward (ffmpeg's last block and the end both say 100). */
      const report = (percent: number) => {
        if (percent > reported) {
          reported = percent;
          onProgress(percent);
        }
      };
      const ffmpeg = (await deps.mediaTools()).ffmpeg;
      hasFfmpeg = ffmpeg !== null;
      if (!ffmpeg) throw new AiProviderError('unavailable', 'no ffmpeg on this machine (FFMPEG_PATH, PATH, npm build)');

      report(0);
      const stillWidth = Math.round(width * OVERSCAN);
      const stillHeight = Math.round(height * OVERSCAN);
      const [still, caption] = await Promise.all([
        renderLocalArtwork({ ...request, index: 0, width: stillWidth, height: stillHeight, caption: false }),
        renderCaption(request.prompt, width, height),
      ]);
      signal.throwIfAborted();
      const stillPath = path.join(workDir, 'local-video-still.png');
      const captionPath = path.join(workDir, 'local-video-caption.png');
      await writeFile(stillPath, still);
      if (caption) {
        await sharp(caption.data, { raw: { width: caption.width, height: caption.height, channels: 4 } })
          .png()
          .toFile(captionPath);
      }
      report(STILL_PROGRESS);

      const frames = Math.round(durationS * FPS);
      const move = cameraMove(request.seed >>> 0, frames);
      const zoompan = `zoompan=z='${move.z}':x='${move.x}':y='${move.y}':d=${frames}:s=${width}x${height}:fps=${FPS}`;
      const filter = caption
        ? `[0:v]${zoompan}[bg];[bg][1:v]overlay=0:0,format=yuv420p[v]`
        : `[0:v]${zoompan},format=yuv420p[v]`;
      const output = path.join(workDir, 'local-video.mp4');
      await encode({
        ffmpeg: ffmpeg.path,
        args: [
          '-y',
          '-i',
          stillPath,
          ...(caption ? ['-i', captionPath] : []),
          '-filter_complex',
          filter,
          '-map',
          '[v]',
          '-frames:v',
          String(frames),
          '-r',
          String(FPS),
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
          output,
        ],
        totalUs: durationS * 1_000_000,
        signal,
        onProgress: (percent) => report(STILL_PROGRESS + Math.round(((100 - STILL_PROGRESS) * percent) / 100)),
      });
      const written = await stat(output).catch(() => null);
      if (!written || written.size === 0) throw new AiProviderError('invalid', 'ffmpeg wrote no video');
      report(100);
      return { path: output };
    },
  };
}
