// The Web Push adapter: the `web-push` library encrypts the payload (RFC 8291 aes128gcm),
// signs the VAPID JWT (RFC 8292) and POSTs it to the subscription's push service (RFC 8030).
// The endpoint is a URL a browser gave a user, so the connection is guarded as any fetch of
// a user-named URL: the host's addresses must be public (platform/safe-fetch), no redirect
// is followed (web-push never does), and one deadline covers the call.
import dns from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { isIpAddress, isRefusedAddress } from '../safe-fetch/index.ts';
import type { PushOutcome, PushProvider } from './types.ts';

/** One push call (connect, send, answer) within this time. */
export const PUSH_TIMEOUT_MS = 10_000;

export type WebPushOptions = {
  /** TEST-ONLY: push services on loopback addresses are reachable (the local fake). */
  allowLoopback?: boolean;
  /** TEST-ONLY: the certificate authority the local fake's certificate is signed by. */
  ca?: string;
  timeoutMs?: number;
};

/** A `lookup` that answers only addresses a push may go to, so no name can lead to an internal host. */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const allowed = addresses.filter(({ address }) => !isRefusedAddress(address, { allowLoopback }));
      const first = allowed[0];
      if (!first) {
        callback(
          Object.assign(new Error(`push endpoint ${hostname} resolves to no public address`), { code: 'EREFUSED' }),
          '',
          0,
        );
        return;
      }
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}

type WebPushFailure = { statusCode?: unknown; message?: unknown };

function outcomeOf(err: unknown): PushOutcome {
  const failure = (err ?? {}) as WebPushFailure;
  const statusCode = typeof failure.statusCode === 'number' ? failure.statusCode : null;
  if (statusCode === 404 || statusCode === 410) return { kind: 'gone', statusCode };
  const detail = typeof failure.message === 'string' ? failure.message : String(err);
  return { kind: 'failed', statusCode, detail };
}

export function createWebPushProvider(options: WebPushOptions = {}): PushProvider {
  const agent = new https.Agent({
    keepAlive: true,
    lookup: guardedLookup(options.allowLoopback === true),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const timeout = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const allowLoopback = options.allowLoopback === true;
  return {
    async send(target, payload, { vapid, ttlSeconds, topic, urgency }) {
      // NOTE: a socket to an IP literal never asks `lookup`: such a host is checked here.
      const host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, '');
      if (isIpAddress(host) && isRefusedAddress(host, { allowLoopback })) {
        return { kind: 'failed', statusCode: null, detail: `push endpoint address ${host} is refused` };
      }
      try {
        const answer = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: vapid,
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            ...(topic ? { topic } : {}),
            ...(urgency ? { urgency } : {}),
            agent,
            timeout,
          },
        );
        return { kind: 'sent', statusCode: answer.statusCode };
      } catch (err) {
        return outcomeOf(err);
      }
    },
  };
}

/** A fresh VAPID key pair (P-256, base64url), for a server that has none configured. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
