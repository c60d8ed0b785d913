import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { type MediaToolName, runMediaTool } from '../src/platform/media-tools.ts';

/** Media the upload tests generate (no binary fixtures in the repository). */

/** Runs ffmpeg or ffprobe (the binary the server uses) and fails with its stderr. */
async function run(tool: MediaToolName, args: string[]): Promise<{ stdout: string }> {
  const { code, stdout, stderr } = await runMediaTool(tool, args, 60_000);
  if (code !== 0) throw new Error(`${tool} exited with ${code}: ${stderr.trim()}`);
  return { stdout };
}

/** A JPEG photo carrying EXIF with a camera make and a GPS position (Beijing), orientation 6. */
export async function jpegWithGps(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a8f6a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'EvCircleCam', Copyright: 'private' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 2714/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 2928/100',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

export async function pngWithAlpha(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims width × height: a decompression bomb's calling card. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a PDF: what a renamed document looks like. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * A short test-pattern video made by ffmpeg (`-f lavfi -i testsrc`), with a GPS location
 * and a title in its metadata, as a phone would write. Also used by the e2e journeys.
 */
export async function testVideo(
  format: 'mp4' | 'mov' | 'webm',
  { width = 64, height = 48, seconds = 1 } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-video-'));
  const out = path.join(dir, `clip.${format}`);
  const codec = format === 'webm' ? ['-c:v', 'libvpx', '-b:v', '100k'] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  try {
    await run('ffmpeg', [
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=10:duration=${seconds}`,
      ...codec,
      '-metadata',
      'location=+39.9042+116.4074/',
      '-metadata',
      'title=secret-trip',
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** ffprobe's view of a stored file's container tags (empty when there are none). */
export async function containerTags(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('ffprobe', ['-print_format', 'json', '-show_format', file]);
  return (JSON.parse(stdout) as { format?: { tags?: Record<string, string> } }).format?.tags ?? {};
}

export function form(data: Buffer, name: string, type: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
}

/** A valid 1-bit greyscale PNG, all black: a few KB that decode to width × height pixels (a decompression bomb when large). */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 8 + data.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
