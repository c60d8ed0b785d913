// A local push service for tests that speaks the real protocol: it takes RFC 8030 POSTs
// over TLS (a self-signed test certificate from test/fixtures), checks the VAPID Authorization
// header (RFC 8292: an ES256 JWT for this origin, signed by the key it names), and
// decrypts the RFC 8291 aes128gcm body with the subscription keys it handed out — so a
// test proves the bytes a real browser's push service would get.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One push the fake received, decrypted. */
export type ReceivedPush = {
  /** The subscription id (the endpoint's last path segment). */
  id: string;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
  /** The VAPID public key the request named (k=), and its JWT claims. */
  vapidPublicKey: string;
  claims: { aud: string; exp: number; sub: string };
  /** The decrypted payload. */
  text: string;
  /** The status the fake answered. */
  status: number;
};

/** A subscription as a browser would give it (PushSubscription.toJSON()). */
export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type FakePushService = {
  origin: string;
  /** The CA certificate the adapter must trust (createWebPushProvider({ ca })). */
  ca: string;
  /** A new subscription whose private key only the fake holds. */
  subscribe(): FakeSubscription;
  /** Answers `status` (e.g. 410) to pushes for this subscription from now on. */
  answer(endpoint: string, status: number): void;
  /** Every push received (whatever was answered), oldest first. */
  received: ReceivedPush[];
  /** The pushes received for one subscription. */
  pushesTo(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
};

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * A self-signed certificate for 127.0.0.1 (test/fixtures, valid until 2126): a test-only
 * key committed beside the tests, so a machine without openssl runs them too.
 */
function makeCertificate(): { key: string; cert: string } {
  const fixtures = fileURLToPath(new URL('../../../test/fixtures/', import.meta.url));
  return {
    key: readFileSync(path.join(fixtures, 'loopback-tls-key.pem'), 'utf8'),
    cert: readFileSync(path.join(fixtures, 'loopback-tls-cert.pem'), 'utf8'),
  };
}

/** The JWT's claims when its ES256 signature verifies with the raw P-256 public key `k`; throws otherwise. */
function verifyVapid(header: string | undefined, origin: string): { k: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${header}`);
  const [token, k] = [match[1], match[2]];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('malformed JWT');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('JWT is not ES256');
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const isValid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('JWT expired');
  return { k, claims };
}

type Keys = { ecdh: crypto.ECDH; publicKey: Buffer; auth: Buffer };

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record, decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = makeCertificate();
  const subscriptions = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const keys = subscriptions.get(id);
      try {
        if (req.method !== 'POST' || !keys) throw Object.assign(new Error('unknown subscription'), { status: 404 });
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { k, claims } = verifyVapid(req.headers.authorization, origin);
        const status = answers.get(id) ?? 201;
        received.push({
          id,
          ttl: req.headers.ttl as string | undefined,
          topic: req.headers.topic as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapidPublicKey: k,
          claims,
          text: decrypt(Buffer.concat(chunks), keys),
          status,
        });
        res.writeHead(status).end();
      } catch (err) {
        const status = (err as { status?: number }).status ?? 400;
        res.writeHead(status, { 'content-type': 'text/plain' }).end((err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    ca: cert,
    received,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomUUID();
      subscriptions.set(id, { ecdh, publicKey, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    answer(endpoint, status) {
      answers.set(endpoint.split('/').pop() ?? '', status);
    },
    pushesTo(endpoint) {
      const id = endpoint.split('/').pop();
      return received.filter((push) => push.id === id);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
