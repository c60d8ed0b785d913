import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaTools, resolveMediaTools, runMediaTool } from '../media-tools.ts';
import { createLocalVideoProvider, progressFromBlock } from './local-video.ts';
import { AiProviderError, type VideoRequest } from './types.ts';

let dir: string;
let workCount = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-local-video-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workDir(): Promise<string> {
  return mkdtemp(path.join(dir, `job-${workCount++}-`));
}

function request(overrides: Partial<VideoRequest> = {}): VideoRequest {
  return {
    prompt: '日落时分的海边公路，一辆红色电动车',
    style: 'photo',
    width: 854,
    height: 480,
    durationS: 5,
    seed: 3,
    ...overrides,
  };
}

type Probe = {
  streams: {
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
  }[];
  format: { duration: string };
};

async function probe(file: string): Promise<Probe> {
  const { code, stdout } = await runMediaTool(
    'ffprobe',
    ['-print_format', 'json', '-show_streams', '-show_format', file],
    30_000,
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as Probe;
}

async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const out = path.join(dir, `frame-${workCount++}.png`);
  const { code } = await runMediaTool(
    'ffmpeg',
    ['-ss', String(seconds), '-i', file, '-frames:v', '1', '-y', out],
    30_000,
  );
  expect(code).toBe(0);
  return readFile(out);
}

const noTools: MediaTools = { ffmpeg: null, ffprobe: null, notes: ['none here'] };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLocalVideoProvider with ffmpeg', () => {
  const provider = createLocalVideoProvider({ mediaTools: () => resolveMediaTools() });

  it('says it is the local generator, configured once ffmpeg is found', async () => {
    await resolveMediaTools();
    await tick();
    expect(provider.info).toEqual({ configured: true, local: true, name: '本地生成器' });
  });

  it('makes a 5-second H.264 MP4 at the asked size, reporting progress up to 100', async () => {
    const progress: number[] = [];
    const started = performance.now();
    const video = await provider.generate(request(), {
      signal: new AbortController().signal,
      onProgress: (percent) => progress.push(percent),
      workDir: await workDir(),
    });
    const seconds = (performance.now() - started) / 1000;
    const { streams, format } = await probe(video.path);
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      codec_type: 'video',
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 854,
      height: 480,
      r_frame_rate: '25/1',
    });
    expect(Number(format.duration)).toBeCloseTo(5, 1);
    // faststart: the index (moov) comes before the media data (mdat).
    const head = (await readFile(video.path)).subarray(0, 64 * 1024).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
    // Progress moves forward only, goes through the encoding, and ends at 100.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(new Set(progress).size).toBe(progress.length);
    expect(progress.some((percent) => percent > 10 && percent < 100)).toBe(true);
    // A generous bound for a busy 2-core machine; the report gives the measured figure.
    expect(seconds).toBeLessThan(60);
  });

  it.each([0, 1, 2])('moves the camera (seed %i) while the caption stays put', async (seed) => {
    const video = await provider.generate(request({ width: 320, height: 240, seed }), {
      signal: new AbortController().signal,
      onProgress: () => {},
      workDir: await workDir(),
    });
    const [first, last] = await Promise.all([frameAt(video.path, 0), frameAt(video.path, 4.9)]);
    const [a, b] = (await Promise.all([first, last].map((png) => sharp(png).removeAlpha().raw().toBuffer()))) as [
      Buffer,
      Buffer,
    ];
    let moved = 0;
    for (let i = 0; i < a.length; i++) moved += Math.abs((a[i] as number) - (b[i] as number));
    expect(moved / a.length).toBeGreaterThan(3);
    // The caption's white letters (top 15% of the frame) are where they were.
    const white = (data: Buffer, p: number) =>
      (data[p * 3] as number) > 215 && (data[p * 3 + 1] as number) > 215 && (data[p * 3 + 2] as number) > 215;
    let letters = 0;
    let kept = 0;
    for (let p = 0; p < 320 * 36; p++) {
      if (!white(a, p)) continue;
      letters++;
      if (white(b, p)) kept++;
    }
    expect(letters).toBeGreaterThan(100);
    expect(kept / letters).toBeGreaterThan(0.8);
  });

  it('stops ffmpeg when the job is cancelled', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const job = provider.generate(request({ durationS: 20 }), {
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent > 10) controller.abort(reason);
      },
      workDir: await workDir(),
    });
    await expect(job).rejects.toBe(reason);
  });

  it('refuses odd or out-of-range sizes and durations', async () => {
    const context = { signal: new AbortController().signal, onProgress: () => {}, workDir: dir };
    await expect(provider.generate(request({ width: 853 }), context)).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ height: 4000 }), context)).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ durationS: 0 }), context)).rejects.toThrow(RangeError);
  });
});

describe('createLocalVideoProvider without ffmpeg', () => {
  it('is not configured and fails as unavailable', async () => {
    const provider = createLocalVideoProvider({ mediaTools: async () => noTools });
    await tick();
    expect(provider.info).toEqual({ configured: false, local: true, name: '本地生成器' });
    const failure = await provider
      .generate(request(), { signal: new AbortController().signal, onProgress: () => {}, workDir: dir })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AiProviderError);
    expect((failure as AiProviderError).kind).toBe('unavailable');
  });

  it('is not configured until the tools have been looked for', () => {
    const provider = createLocalVideoProvider({ mediaTools: () => new Promise<MediaTools>(() => {}) });
    expect(provider.info.configured).toBe(false);
  });
});

describe('progressFromBlock', () => {
  it('reads out_time_us (and the older out_time_ms) against the duration', () => {
    expect(progressFromBlock('frame=10\nout_time_us=2500000\nprogress=continue', 5_000_000)).toBe(50);
    expect(progressFromBlock('out_time_ms=1000000\nprogress=continue', 5_000_000)).toBe(20);
  });

  it('holds 99 until ffmpeg says it has ended, then 100', () => {
    expect(progressFromBlock('out_time_us=5000000\nprogress=continue', 5_000_000)).toBe(99);
    expect(progressFromBlock('out_time_us=5000000\nprogress=end', 5_000_000)).toBe(100);
  });

  it('ignores blocks without a time (ffmpeg prints N/A before the first frame)', () => {
    expect(progressFromBlock('out_time_us=N/A\nprogress=continue', 5_000_000)).toBeNull();
  });
});
