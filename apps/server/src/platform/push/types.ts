/** A browser's push subscription, as stored: its push service URL and its two keys (base64url). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The server's VAPID identity (RFC 8292): its key pair (base64url) and whom push services may contact. */
export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

export type PushSendOptions = {
  vapid: VapidDetails;
  /** How long the push service keeps it for an offline browser (RFC 8030 TTL). */
  ttlSeconds: number;
  /** RFC 8030 §5.4: a newer push with the same topic replaces an undelivered older one. */
  topic?: string;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
};

/**
 * What the push service answered: accepted; gone (404/410: the browser dropped the
 * subscription, delete it); or failed (anything else, including no answer).
 */
export type PushOutcome =
  | { kind: 'sent'; statusCode: number }
  | { kind: 'gone'; statusCode: number }
  | { kind: 'failed'; statusCode: number | null; detail: string };

/** Delivers one encrypted push (RFC 8291 aes128gcm, VAPID-signed) to one subscription. */
export type PushProvider = {
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushOutcome>;
};
