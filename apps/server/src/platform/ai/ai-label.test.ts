import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMediaTool } from '../media-tools.ts';
import {
  AIGC_XMP_NAMESPACE,
  type AiLabelMeta,
  aigcXmp,
  labelImage,
  labelVideo,
  parseAigcXmp,
  readImageLabel,
  readVideoLabel,
} from './ai-label.ts';
import { renderLocalArtwork } from './local-image.ts';

const META: AiLabelMeta = {
  producer: '车友圈 evcircle',
  produceId: 'ai-job-42',
  propagator: '车友圈 evcircle',
  propagateId: 'post-7',
};
const EXPECTED_LABEL = {
  Label: '1',
  ContentProducer: '车友圈 evcircle',
  ProduceID: 'ai-job-42',
  ReservedCode1: '',
  ContentPropagator: '车友圈 evcircle',
  PropagateID: 'post-7',
  ReservedCode2: '',
};

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-ai-label-test-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function solid(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

type Box = { left: number; top: number; right: number; bottom: number; count: number };

/** The box around the pixels `match` picks (raw RGB of `image`), or null when none does. */
async function boxOf(image: Buffer, match: (r: number, g: number, b: number) => boolean): Promise<Box | null> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let box: Box | null = null;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const p = (y * info.width + x) * 3;
      if (!match(data[p] as number, data[p + 1] as number, data[p + 2] as number)) continue;
      box ??= { left: x, top: y, right: x, bottom: y, count: 0 };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.count++;
    }
  }
  return box;
}

const isWhite = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;

describe('labelImage', () => {
  it('writes AI生成 in white, at least 5% of the shorter side high, in the bottom right corner', async () => {
    for (const [width, height] of [
      [640, 480],
      [480, 854],
      [1440, 1080],
    ] as const) {
      const labelled = await labelImage(
        { data: await solid(width, height, '#203040'), contentType: 'image/png' },
        META,
      );
      expect([labelled.contentType, labelled.width, labelled.height]).toEqual(['image/jpeg', width, height]);
      const text = await boxOf(labelled.data, isWhite);
      expect(text).not.toBeNull();
      const shorter = Math.min(width, height);
      const box = text as Box;
      expect(box.bottom - box.top + 1).toBeGreaterThanOrEqual(Math.floor(shorter * 0.05));
      // Wholly in the bottom right quarter, near the corner.
      expect(box.left).toBeGreaterThan(width / 2);
      expect(box.top).toBeGreaterThan(height / 2);
      expect(width - box.right).toBeLessThan(shorter * 0.12);
      expect(height - box.bottom).toBeLessThan(shorter * 0.12);
    }
  });

  it('changes only the corner of a generated picture', async () => {
    const png = await renderLocalArtwork({
      prompt: '城市夜景',
      style: 'photo',
      seed: 2,
      index: 0,
      width: 640,
      height: 480,
      caption: true,
    });
    const labelled = await labelImage({ data: png, contentType: 'image/png' }, META);
    const plain = await sharp(png).jpeg({ quality: 90 }).toBuffer();
    const [a, b] = (await Promise.all([plain, labelled.data].map((jpeg) => sharp(jpeg).raw().toBuffer()))) as [
      Buffer,
      Buffer,
    ];
    const diff = Buffer.alloc(a.length);
    for (let i = 0; i < a.length; i++) diff[i] = Math.abs((a[i] as number) - (b[i] as number));
    const changed = await boxOf(
      await sharp(diff, { raw: { width: 640, height: 480, channels: 3 } })
        .png()
        .toBuffer(),
      (r, g, bl) => r + g + bl > 90,
    );
    expect(changed).not.toBeNull();
    expect((changed as Box).count).toBeGreaterThan(500);
    expect((changed as Box).left).toBeGreaterThan(320);
    expect((changed as Box).top).toBeGreaterThan(240);
  });

  it('carries the AIGC field of GB 45438 in its XMP', async () => {
    const labelled = await labelImage({ data: await solid(320, 240, '#808080'), contentType: 'image/png' }, META);
    expect(labelled.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await readImageLabel(labelled.data)).toEqual(EXPECTED_LABEL);
    const { xmpAsString } = await sharp(labelled.data).metadata();
    expect(xmpAsString).toContain(`xmlns:TC260="${AIGC_XMP_NAMESPACE}"`);
    expect(xmpAsString).toContain('<TC260:AIGC>{"Label":"1",');
  });

  it('labels a remote provider’s WebP with transparency, flattened onto white', async () => {
    const webp = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solid(100, 100, '#0000ff'), left: 0, top: 0 }])
      .webp()
      .toBuffer();
    const labelled = await labelImage({ data: webp, contentType: 'image/webp' }, META);
    expect([labelled.width, labelled.height]).toEqual([300, 200]);
    const { data } = await sharp(labelled.data).raw().toBuffer({ resolveWithObject: true });
    // (150, 50): transparent in the WebP, white now; (50, 50): the opaque blue square.
    const at = (x: number, y: number) => [...data.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    expect(at(150, 50).every((v) => v > 240)).toBe(true);
    expect(at(50, 50)[2]).toBeGreaterThan(200);
    expect(await readImageLabel(labelled.data)).toEqual(EXPECTED_LABEL);
    // The mark on a small picture still has readable text (12 px at the least).
    const text = await boxOf(labelled.data, (r, g, b) => isWhite(r, g, b) && r < 250);
    expect(text).not.toBeNull();
  });

  it('turns a JPEG by its EXIF orientation before marking the corner', async () => {
    const sideways = await sharp(await solid(400, 200, '#203040'))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const labelled = await labelImage({ data: sideways, contentType: 'image/jpeg' }, META);
    expect([labelled.width, labelled.height]).toEqual([200, 400]);
    const text = (await boxOf(labelled.data, isWhite)) as Box;
    expect(text.top).toBeGreaterThan(200);
    expect(text.left).toBeGreaterThan(100);
  });

  it('finds no label in a picture that has none', async () => {
    expect(await readImageLabel(await solid(64, 64, '#000000'))).toBeNull();
  });
});

describe('parseAigcXmp', () => {
  it('reads the packet aigcXmp writes, with characters that need escaping', () => {
    const meta = { ...META, producer: 'A & B <AI>' };
    expect(parseAigcXmp(aigcXmp(meta))?.ContentProducer).toBe('A & B <AI>');
  });

  it('reads another prefix and the attribute form', () => {
    const json = '{&quot;Label&quot;:&quot;1&quot;,&quot;ContentProducer&quot;:&quot;x&quot;}';
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:aigc="${AIGC_XMP_NAMESPACE}" aigc:AIGC="${json}"/></rdf:RDF></x:xmpmeta>`;
    expect(parseAigcXmp(xmp)).toEqual({ Label: '1', ContentProducer: 'x' });
  });

  it('returns null without the namespace or with broken JSON', () => {
    expect(parseAigcXmp('<x:xmpmeta><TC260:AIGC>{"Label":"1"}</TC260:AIGC></x:xmpmeta>')).toBeNull();
    expect(parseAigcXmp(`<d xmlns:TC260="${AIGC_XMP_NAMESPACE}"><TC260:AIGC>{"Label":</TC260:AIGC></d>`)).toBeNull();
  });
});

describe('labelVideo', () => {
  /** A dark test video of `seconds`, with a tone when `audio`. */
  async function makeVideo(name: string, seconds: number, audio: boolean): Promise<string> {
    const file = path.join(dir, name);
    const { code, stderr } = await runMediaTool(
      'ffmpeg',
      [
        '-f',
        'lavfi',
        '-i',
        `color=c=0x203040:s=320x240:r=25:d=${seconds}`,
        ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
        '-y',
        file,
      ],
      60_000,
    );
    expect(code, stderr).toBe(0);
    return file;
  }

  async function frameAt(file: string, seconds: number): Promise<Buffer> {
    const out = path.join(dir, `frame-${path.basename(file)}-${seconds}.png`);
    const { code } = await runMediaTool(
      'ffmpeg',
      ['-ss', String(seconds), '-i', file, '-frames:v', '1', '-y', out],
      30_000,
    );
    expect(code).toBe(0);
    return readFile(out);
  }

  it('marks every frame and writes the AIGC field into the MP4, keeping the sound', async () => {
    const input = await makeVideo('plain.mp4', 2, true);
    const output = path.join(dir, 'labelled.mp4');
    await labelVideo(input, output, META, { width: 320, height: 240 });

    expect(await readVideoLabel(output)).toEqual(EXPECTED_LABEL);
    const { stdout } = await runMediaTool(
      'ffprobe',
      ['-print_format', 'json', '-show_streams', '-show_format', output],
      30_000,
    );
    const probe = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
      format: { tags: Record<string, string> };
    };
    expect(probe.streams.map((stream) => stream.codec_type).sort()).toEqual(['audio', 'video']);
    expect(probe.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 320,
      height: 240,
      pix_fmt: 'yuv420p',
    });
    expect(JSON.parse(probe.format.tags.comment as string)).toEqual(EXPECTED_LABEL);

    for (const seconds of [0, 1.9]) {
      const text = (await boxOf(await frameAt(output, seconds), isWhite)) as Box;
      expect(text, `mark at ${seconds}s`).not.toBeNull();
      expect(text.count).toBeGreaterThan(50);
      expect(text.left).toBeGreaterThan(160);
      expect(text.top).toBeGreaterThan(120);
      expect(text.bottom - text.top + 1).toBeGreaterThanOrEqual(12);
    }
  });

  it('finds no label in a video that has none', async () => {
    expect(await readVideoLabel(await makeVideo('unlabelled.mp4', 1, false))).toBeNull();
  });

  it('fails on a file that is not a video', async () => {
    const input = path.join(dir, 'not-a-video.mp4');
    await writeFile(input, 'no video here');
    await expect(labelVideo(input, path.join(dir, 'out.mp4'), META, { width: 320, height: 240 })).rejects.toThrow(
      /could not label/,
    );
  });
});
