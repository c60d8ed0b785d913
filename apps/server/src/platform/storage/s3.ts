import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { AppError } from '@evcircle/contract';
import send from '@fastify/send';
import { assertStorageKey } from './keys.ts';
import {
  amzDateOf,
  authorizationHeader,
  type PresignedPost,
  presignPost,
  type S3Credentials,
  sha256Hex,
  UNSIGNED_PAYLOAD,
  uriEncode,
} from './sigv4.ts';
import type { S3Storage, StoredObjectInfo } from './types.ts';

export type S3Options = {
  /** `https://s3.example.com` (path-style: objects at `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch objects: a CDN or the bucket's public address. */
  publicUrl: string;
};

const REQUEST_TIMEOUT_MS = 60_000;

type Body = { buffer: Buffer } | { file: string; size: number } | null;

/**
 * Any S3-compatible object store (AWS S3, MinIO, Qiniu Kodo, Aliyun OSS, Tencent COS) via
 * path-style REST calls signed with SigV4, and browser uploads via presigned POST.
 * Processed variants (imageView2, vframe) are the store's or CDN's business here: the
 * /files routes serve the local provider only.
 */
export function createS3Storage(options: S3Options): S3Storage {
  const endpoint = new URL(options.endpoint);
  const credentials: S3Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const objectPath = (key: string) =>
    `${basePath}/${uriEncode(options.bucket, false)}/${uriEncode(assertStorageKey(key), true)}`;
  const publicBase = options.publicUrl.replace(/\/+$/, '');
  const contentTypeOf = (key: string) => send.mime.getType(assertStorageKey(key)) ?? 'application/octet-stream';

  /** One signed request; answers the response with its body unread. */
  function call(method: string, key: string, body: Body, extraHeaders: Record<string, string> = {}) {
    const amzDate = amzDateOf(new Date());
    const path = objectPath(key);
    const payloadHash = body && 'buffer' in body ? sha256Hex(body.buffer) : body ? UNSIGNED_PAYLOAD : sha256Hex('');
    const signed: Record<string, string> = {
      host: endpoint.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...extraHeaders,
    };
    const headers: Record<string, string> = {
      ...signed,
      authorization: authorizationHeader(credentials, { method, path, headers: signed, payloadHash }, amzDate),
    };
    if (body) headers['content-length'] = String('buffer' in body ? body.buffer.length : body.size);
    const transport = endpoint.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = transport.request(
        {
          method,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          path,
          headers,
          timeout: REQUEST_TIMEOUT_MS,
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new Error(`S3 ${method} ${key} timed out`)));
      req.on('error', reject);
      if (!body) req.end();
      else if ('buffer' in body) req.end(body.buffer);
      else
        createReadStream(body.file)
          .on('error', (err) => req.destroy(err))
          .pipe(req);
    });
  }

  async function drain(res: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of res) if (text.length < 2000) text += String(chunk);
    return text;
  }

  async function expectOk(res: IncomingMessage, what: string): Promise<void> {
    const text = await drain(res);
    if (res.statusCode === undefined || res.statusCode >= 300) {
      throw new Error(`S3 ${what} answered ${res.statusCode}: ${text.slice(0, 300)}`);
    }
  }

  async function statObject(key: string): Promise<StoredObjectInfo | null> {
    const res = await call('HEAD', key, null);
    await drain(res);
    if (res.statusCode === 404) return null;
    if (res.statusCode !== 200) throw new Error(`S3 HEAD ${key} answered ${res.statusCode}`);
    const modified = res.headers['last-modified'];
    return {
      size: Number(res.headers['content-length'] ?? 0),
      modifiedAt: modified ? new Date(modified) : new Date(0),
    };
  }

  return {
    kind: 's3',
    publicUrl: (key) => `${publicBase}/${assertStorageKey(key)}`,
    contentTypeOf,

    async put(key, data, contentType) {
      await expectOk(await call('PUT', key, { buffer: data }, { 'content-type': contentType }), `PUT ${key}`);
    },

    async putFile(key, sourcePath, contentType) {
      const { size } = await statFile(sourcePath);
      await expectOk(await call('PUT', key, { file: sourcePath, size }, { 'content-type': contentType }), `PUT ${key}`);
    },

    async get(key) {
      const res = await call('GET', key, null);
      if (res.statusCode === 404) {
        await drain(res);
        throw new AppError('FILE_NOT_FOUND');
      }
      if (res.statusCode !== 200) {
        await expectOk(res, `GET ${key}`);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async open(key) {
      const res = await call('GET', key, null);
      if (res.statusCode === 404) {
        await drain(res);
        throw new AppError('FILE_NOT_FOUND');
      }
      if (res.statusCode !== 200) await expectOk(res, `GET ${key}`);
      return res as Readable;
    },

    stat: statObject,

    async exists(key) {
      return (await statObject(key)) !== null;
    },

    async delete(key) {
      const res = await call('DELETE', key, null);
      await drain(res);
      if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404) {
        throw new Error(`S3 DELETE ${key} answered ${res.statusCode}`);
      }
    },

    presignedPost(key, { maxBytes, expiresInS }): PresignedPost {
      const now = new Date();
      return presignPost(credentials, {
        url: `${endpoint.origin}${basePath}/${uriEncode(options.bucket, false)}`,
        bucket: options.bucket,
        key: assertStorageKey(key),
        maxBytes,
        expiresAt: new Date(now.getTime() + expiresInS * 1000),
        now,
      });
    },
  };
}
