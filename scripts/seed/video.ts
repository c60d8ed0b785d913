import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PostTheme } from '@evcircle/contract';
import sharp from 'sharp';
import { runMediaTool } from '../../apps/server/src/platform/media-tools.ts';
import { renderPostImage } from './images.ts';
import { createRandom } from './random.ts';

export const VIDEO_SIZE = { width: 540, height: 960 } as const;
export const VIDEO_SECONDS = 4;
const FPS = 25;
/** Encoding four seconds takes about one on a laptop core; a busy CI core gets ample room. */
const ENCODE_TIMEOUT_MS = 120_000;

export type RenderedVideo = { data: Buffer; width: number; height: number; durationMs: number };

const hex = (n: number) => `#${n.toString(16).padStart(6, '0')}`;

/** A diagonal two-colour wash, twice the frame in each direction, for the crop to drift over. */
function washSvg(c0: string, c1: string, c2: string): string {
  const width = VIDEO_SIZE.width * 2;
  const height = VIDEO_SIZE.height * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c0}"/><stop offset="0.5" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
}

/** Semitones above the root of a major chord (root, third, fifth). */
const CHORD = [0, 4, 7] as const;
const AUDIO_RATE = 44_100;

/**
 * A soft stereo major chord for `aevalsrc` (left and right a little apart), faded in
 * and out so the loop point does not click: something for audio extraction to extract.
 */
function chordExpression(rootHz: number): string {
  const tones = CHORD.map((semitones, i) => {
    const hz = (rootHz * 2 ** (semitones / 12)).toFixed(2);
    return `${(0.09 - i * 0.015).toFixed(3)}*sin(2*PI*${hz}*t)`;
  });
  const left = tones.join('+');
  const right = tones.map((tone) => tone.replace('*t)', '*t+0.3)')).join('+');
  return `aevalsrc='${left}|${right}':s=${AUDIO_RATE}:d=${VIDEO_SECONDS},afade=t=in:d=0.4,afade=t=out:st=${VIDEO_SECONDS - 0.6}:d=0.6`;
}

/**
 * Video number `index` of the run: a slow Ken Burns push into a generated 9:16 scene,
 * with a drifting colour wash blended over it (no text, so no font is involved), and a
 * soft chord as its sound (AAC). The
 * wash is a gradient image that a moving crop pans across, which every ffmpeg since 4.x
 * can do (the `gradients` source it replaces needs 4.4, newer than the npm-shipped
 * build). H.264 in MP4 with faststart; bit-exact flags and one encoder thread make the
 * bytes depend only on the seed and the ffmpeg build.
 */
export async function renderVideo(seed: number, theme: PostTheme, index: number): Promise<RenderedVideo> {
  const random = createRandom(seed, `video:${index}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-video-'));
  try {
    const still = await renderPostImage(seed, theme, '9:16', 10_000 + index, VIDEO_SIZE.width * 1.5);
    const stillPath = path.join(dir, 'still.jpg');
    const washPath = path.join(dir, 'wash.png');
    const output = path.join(dir, 'video.mp4');
    await writeFile(stillPath, still.data);
    const colours = [0, 1, 2].map(() => hex(random.int(0, 0xffffff))) as [string, string, string];
    await sharp(Buffer.from(washSvg(...colours)))
      .png()
      .toFile(washPath);
    const frames = VIDEO_SECONDS * FPS;
    const zoomStep = random.float(0.0008, 0.0016).toFixed(5);
    // Radians per second of the crop's drift across the wash (a quarter to half a turn per video).
    const drift = random.float(0.4, 0.8).toFixed(3);
    const phase = random.float(0, Math.PI * 2).toFixed(3);
    // A root between A3 and A4.
    const rootHz = 220 * 2 ** (random.int(0, 11) / 12);
    const { width, height } = VIDEO_SIZE;
    const { code, stderr } = await runMediaTool(
      'ffmpeg',
      [
        '-y',
        '-loop',
        '1',
        '-i',
        stillPath,
        '-loop',
        '1',
        '-framerate',
        String(FPS),
        '-i',
        washPath,
        '-f',
        'lavfi',
        '-i',
        chordExpression(rootHz),
        '-filter_complex',
        `[0:v]zoompan=z='1+${zoomStep}*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${width}x${height}:fps=${FPS},format=gbrp[bg];` +
          `[1:v]crop=w=${width}:h=${height}:x='(iw-ow)*(0.5+0.5*sin(${phase}+${drift}*t))':y='(ih-oh)*(0.5+0.5*cos(${phase}+${drift}*t))',format=gbrp[wash];` +
          `[bg][wash]blend=all_mode=softlight:all_opacity=0.35,format=yuv420p[v]`,
        '-map',
        '[v]',
        '-map',
        '2:a',
        '-frames:v',
        String(frames),
        '-t',
        String(VIDEO_SECONDS),
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        '-flags:a',
        '+bitexact',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '27',
        '-threads',
        '1',
        '-movflags',
        '+faststart',
        '-fflags',
        '+bitexact',
        '-flags:v',
        '+bitexact',
        '-map_metadata',
        '-1',
        output,
      ],
      ENCODE_TIMEOUT_MS,
    );
    if (code !== 0) {
      throw new Error(
        code === null
          ? `ffmpeg was stopped after ${ENCODE_TIMEOUT_MS} ms`
          : `ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`,
      );
    }
    return { data: await readFile(output), width, height, durationMs: VIDEO_SECONDS * 1000 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
