import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PostTheme } from '@evcircle/contract';
import { renderPostImage } from './images.ts';
import { createRandom } from './random.ts';

export const VIDEO_SIZE = { width: 540, height: 960 } as const;
export const VIDEO_SECONDS = 4;
const FPS = 25;

export type RenderedVideo = { data: Buffer; width: number; height: number; durationMs: number };

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error) => reject(new Error(`ffmpeg could not start (is it installed?): ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`)),
    );
  });
}

const hex = (n: number) => `0x${n.toString(16).padStart(6, '0')}`;

/**
 * Video number `index` of the run: a slow Ken Burns push into a generated 9:16 scene,
 * with a drifting colour wash from ffmpeg's lavfi `gradients` source blended over it
 * (no text, so no font is involved). H.264 in MP4 with faststart; bit-exact flags, one
 * encoder thread and a fixed gradients seed make the bytes depend on the seed only.
 */
export async function renderVideo(seed: number, theme: PostTheme, index: number): Promise<RenderedVideo> {
  const random = createRandom(seed, `video:${index}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-video-'));
  try {
    const still = await renderPostImage(seed, theme, '9:16', 10_000 + index, VIDEO_SIZE.width * 1.5);
    const input = path.join(dir, 'still.jpg');
    const output = path.join(dir, 'video.mp4');
    await writeFile(input, still.data);
    const frames = VIDEO_SECONDS * FPS;
    const zoomStep = random.float(0.0008, 0.0016).toFixed(5);
    const gradients = [
      `gradients=s=${VIDEO_SIZE.width}x${VIDEO_SIZE.height}`,
      `c0=${hex(random.int(0, 0xffffff))}`,
      `c1=${hex(random.int(0, 0xffffff))}`,
      `speed=${random.float(0.01, 0.04).toFixed(3)}`,
      `duration=${VIDEO_SECONDS}`,
      `rate=${FPS}`,
      `seed=${random.int(0, 2 ** 31)}`,
    ].join(':');
    const { width, height } = VIDEO_SIZE;
    await ffmpeg([
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-loop',
      '1',
      '-i',
      input,
      '-f',
      'lavfi',
      '-i',
      gradients,
      '-filter_complex',
      `[0:v]zoompan=z='1+${zoomStep}*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${width}x${height}:fps=${FPS}[bg];` +
        `[bg][1:v]blend=all_mode=softlight:all_opacity=0.35,format=yuv420p[v]`,
      '-map',
      '[v]',
      '-frames:v',
      String(frames),
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
    ]);
    return { data: await readFile(output), width, height, durationMs: VIDEO_SECONDS * 1000 };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
