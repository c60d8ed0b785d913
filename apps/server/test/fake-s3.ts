import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the S3 REST protocol, for the S3 storage adapter's tests: path-style
 * PUT/GET/HEAD/DELETE signed with SigV4 in the Authorization header, and browser POST
 * uploads checked against their SigV4 POST policy (signature, expiry, every condition).
 * The checks are written from the AWS documentation here, not shared with the adapter,
 * so a signing mistake in the adapter fails the tests. Objects live in memory.
 */
export type FakeS3 = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>;
  /** Every refusal, with its reason, for assertions. */
  refusals: string[];
  close(): Promise<void>;
};

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function keyFor(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<FakeS3> {
  const bucket = options.bucket ?? 'evcircle-test';
  const region = options.region ?? 'cn-east-1';
  const accessKeyId = options.accessKeyId ?? 'AKFAKE';
  const secretAccessKey = options.secretAccessKey ?? 'fake-secret-key';
  const objects: FakeS3['objects'] = new Map();
  const refusals: string[] = [];

  function refuse(res: ServerResponse, status: number, code: string, reason: string) {
    refusals.push(`${code}: ${reason}`);
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${reason}</Message></Error>`);
  }

  /** Checks the Authorization header of a REST call; answers the reason it fails, or null. */
  function headerSignatureProblem(req: IncomingMessage, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'malformed Authorization';
    const [, id, date, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (id !== accessKeyId) return 'unknown access key';
    if (scopeRegion !== region) return 'wrong region';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(date!)) return 'x-amz-date does not match the scope';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
      return 'payload hash mismatch';
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
    const url = new URL(req.url ?? '/', 'http://fake');
    const canonicalQuery = [...url.searchParams.entries()]
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .sort()
      .join('&');
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
      '\n',
    );
    const toSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      `${date}/${region}/s3/aws4_request`,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const expected = createHmac('sha256', keyFor(secretAccessKey, date!, region))
      .update(toSign)
      .digest('hex');
    return sameHex(expected, signature!) ? null : 'signature mismatch';
  }

  /** Checks a browser POST against its policy; answers the reason it fails, or null. */
  function postPolicyProblem(form: FormData, file: Blob): string | null {
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    const policy = field('policy');
    const signature = field('x-amz-signature');
    const credential = field('x-amz-credential') ?? '';
    if (!policy || !signature) return 'policy and signature required';
    const [id, date, scopeRegion] = credential.split('/');
    if (id !== accessKeyId || scopeRegion !== region || !date) return 'bad credential';
    const expected = createHmac('sha256', keyFor(secretAccessKey, date, region))
      .update(policy)
      .digest('hex');
    if (!sameHex(expected, signature)) return 'policy signature mismatch';
    const decoded = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, ...unknown[]])[];
    };
    if (new Date(decoded.expiration).getTime() <= Date.now()) return 'policy expired';
    const covered = new Set(['policy', 'x-amz-signature', 'file']);
    for (const condition of decoded.conditions) {
      if (Array.isArray(condition)) {
        const [op, a, b] = condition;
        if (op === 'content-length-range') {
          if (file.size < Number(a) || file.size > Number(b)) return 'EntityTooLarge or too small';
        } else if (op === 'eq' || op === 'starts-with') {
          const name = String(a).replace(/^\$/, '');
          covered.add(name);
          const value = name === 'bucket' ? bucket : (field(name) ?? '');
          if (op === 'eq' ? value !== b : !value.startsWith(String(b))) return `condition ${name} failed`;
        } else return `unknown condition ${op}`;
      } else {
        for (const [name, value] of Object.entries(condition)) {
          covered.add(name);
          const actual = name === 'bucket' ? bucket : field(name);
          if (actual !== value) return `condition ${name} failed`;
        }
      }
    }
    for (const name of form.keys()) if (!covered.has(name)) return `field ${name} not in the policy`;
    return null;
  }

  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, bucketName, ...rest] = url.pathname.split('/');
      if (bucketName !== bucket) return refuse(res, 404, 'NoSuchBucket', bucketName ?? '');
      const key = decodeURIComponent(rest.join('/'));

      if (req.method === 'POST' && key === '') {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
          body,
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) return refuse(res, 400, 'InvalidArgument', 'file missing');
        const problem = postPolicyProblem(form, file);
        if (problem) return refuse(res, 403, 'AccessDenied', problem);
        const objectKey = String(form.get('key'));
        objects.set(objectKey, {
          body: Buffer.from(await file.arrayBuffer()),
          contentType: file.type || 'application/octet-stream',
          modifiedAt: new Date(),
        });
        res.writeHead(204, { 'access-control-allow-origin': '*' });
        return res.end();
      }

      const problem = headerSignatureProblem(req, body);
      if (problem) return refuse(res, 403, 'SignatureDoesNotMatch', problem);
      const object = objects.get(key);
      switch (req.method) {
        case 'PUT':
          if (req.headers['content-length'] === undefined) return refuse(res, 411, 'MissingContentLength', key);
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
            modifiedAt: new Date(),
          });
          res.writeHead(200, { etag: '"fake"' });
          return res.end();
        case 'GET':
        case 'HEAD':
          if (!object) return refuse(res, 404, 'NoSuchKey', key);
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
            'last-modified': object.modifiedAt.toUTCString(),
          });
          return res.end(req.method === 'GET' ? object.body : undefined);
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return refuse(res, 405, 'MethodNotAllowed', String(req.method));
      }
    } catch (error) {
      refuse(res, 500, 'InternalError', String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
