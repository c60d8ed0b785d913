import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configureMediaTools,
  describeMediaTools,
  type MediaTools,
  reportMediaTools,
  resolveMediaTools,
  runMediaTool,
} from './media-tools.ts';

let dir: string;
/** A folder with an `ffmpeg` and an `ffprobe` that answer -version like the real ones. */
let fakeSystem: string;
/** A folder whose `ffmpeg` and `ffprobe` exist but fail. */
let brokenSystem: string;
/** A folder with nothing in it: a PATH without any system build. */
let emptyDir: string;

async function script(folder: string, name: string, body: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-media-tools-'));
  fakeSystem = path.join(dir, 'system');
  brokenSystem = path.join(dir, 'broken');
  emptyDir = path.join(dir, 'empty');
  for (const folder of [fakeSystem, brokenSystem, emptyDir]) await mkdir(folder);
  for (const name of ['ffmpeg', 'ffprobe']) {
    await script(fakeSystem, name, `echo "${name} version 9.9-system Copyright (c) 2000-2026 the FFmpeg developers"`);
    await script(brokenSystem, name, 'exit 1');
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveMediaTools', () => {
  it('takes the system build from PATH first', async () => {
    const tools = await resolveMediaTools({ searchPath: [emptyDir, fakeSystem].join(path.delimiter) });
    expect(tools.ffmpeg).toEqual({
      name: 'ffmpeg',
      path: path.join(fakeSystem, 'ffmpeg'),
      source: 'PATH',
      version: 'ffmpeg version 9.9-system',
    });
    expect(tools.ffprobe?.source).toBe('PATH');
    expect(tools.notes).toEqual([]);
  });

  it('falls back to the npm-shipped build when PATH has none, and that build runs', async () => {
    const tools = await resolveMediaTools({ searchPath: emptyDir });
    expect(tools.ffmpeg?.source).toBe('npm');
    expect(tools.ffmpeg?.path).toContain(`${path.sep}@ffmpeg-installer${path.sep}`);
    expect(tools.ffmpeg?.version).toMatch(/^ffmpeg version /);
    expect(tools.ffprobe?.source).toBe('npm');
    expect(tools.ffprobe?.path).toContain(`${path.sep}@ffprobe-installer${path.sep}`);
    expect(tools.ffprobe?.version).toMatch(/^ffprobe version /);
  });

  it('passes over a system build that does not run, saying so', async () => {
    const tools = await resolveMediaTools({ searchPath: brokenSystem });
    expect(tools.ffmpeg?.source).toBe('npm');
    expect(tools.notes).toContain(`${path.join(brokenSystem, 'ffmpeg')} on PATH does not run; trying the npm build`);
  });

  it('uses FFMPEG_PATH / FFPROBE_PATH over everything else', async () => {
    const ffmpeg = path.join(fakeSystem, 'ffmpeg');
    const tools = await resolveMediaTools({ ffmpegPath: ffmpeg, searchPath: emptyDir });
    expect(tools.ffmpeg).toMatchObject({ path: ffmpeg, source: 'FFMPEG_PATH' });
    expect(tools.ffprobe?.source).toBe('npm');
  });

  it('turns a tool off when its variable names something that does not run, without trying others', async () => {
    const tools = await resolveMediaTools({
      ffmpegPath: path.join(dir, 'no-such-ffmpeg'),
      ffprobePath: path.join(brokenSystem, 'ffprobe'),
      searchPath: fakeSystem,
    });
    expect(tools.ffmpeg).toBeNull();
    expect(tools.ffprobe).toBeNull();
    expect(tools.notes).toEqual([
      `FFMPEG_PATH=${path.join(dir, 'no-such-ffmpeg')} does not run (missing, not executable, or not ffmpeg); ffmpeg is off`,
      `FFPROBE_PATH=${path.join(brokenSystem, 'ffprobe')} does not run (missing, not executable, or not ffprobe); ffprobe is off`,
    ]);
  });
});

describe('describeMediaTools and reportMediaTools', () => {
  it('names the binary in use, and says once what a missing one turns off', async () => {
    const tools: MediaTools = {
      ffmpeg: { name: 'ffmpeg', path: '/opt/ff/ffmpeg', source: 'npm', version: 'ffmpeg version 4.1' },
      ffprobe: null,
      notes: ['FFPROBE_PATH=/x does not run (missing, not executable, or not ffprobe); ffprobe is off'],
    };
    const { info, warnings } = describeMediaTools(tools);
    expect(info).toEqual(['ffmpeg: /opt/ff/ffmpeg (npm package @ffmpeg-installer/ffmpeg; ffmpeg version 4.1)']);
    expect(warnings[0]).toMatch(/^ffprobe not found .*video uploads are refused and video covers are not drawn/);
    expect(warnings[1]).toBe(tools.notes[0]);

    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
    reportMediaTools(log, tools);
    reportMediaTools(log, tools);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'info media tools: ffmpeg: /opt/ff/ffmpeg (npm package @ffmpeg-installer/ffmpeg; ffmpeg version 4.1)',
    );
  });
});

describe('runMediaTool', () => {
  it('runs the configured binary, and refuses with VIDEO_PROCESSING_UNAVAILABLE when there is none', async () => {
    await configureMediaTools({ ffmpegPath: path.join(fakeSystem, 'ffmpeg') });
    const ran = await runMediaTool('ffmpeg', ['-version'], 5000);
    expect(ran).toMatchObject({ code: 0 });
    expect(ran.stdout).toContain('9.9-system');

    await configureMediaTools({ ffmpegPath: path.join(dir, 'no-such-ffmpeg') });
    const refused = await runMediaTool('ffmpeg', ['-version'], 5000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('VIDEO_PROCESSING_UNAVAILABLE');
    await configureMediaTools({});
  });
});
