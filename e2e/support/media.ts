import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { type PostTheme, postRelease, uploadImage } from '@evcircle/contract';
import type { LoggedInUser } from './login.ts';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A real PNG of random pixels, `width`×`height`: the server reads its size from the
 * bytes, and a large one takes a moment to upload.
 */
export function noisePng(width: number, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A post of `author`'s in `type`'s feed, published through the API with one uploaded 16×16 image. */
export async function publishImagePost(author: LoggedInUser, type: PostTheme, content: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(noisePng(16))], { type: 'image/png' }), 'photo.png');
  const image = await author.api.call(uploadImage, form);
  const { pid } = await author.api.call(postRelease, {
    content,
    type,
    imgpack: [{ src: image.path, width: image.width, height: image.height }],
    latitude: null,
    longitude: null,
    checkin: 0,
  });
  return pid;
}
