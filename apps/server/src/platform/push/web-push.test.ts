import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from './fake-push-service.test-helper.ts';
import { createWebPushProvider, generateVapidKeys } from './web-push.ts';

let fake: FakePushService;
beforeAll(async () => {
  fake = await startFakePushService();
});
afterAll(() => fake.close());

const vapid = { subject: 'mailto:push@evcircle.test', ...generateVapidKeys() };
const targetOf = (sub: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: sub.endpoint,
  ...sub.keys,
});

describe('web-push adapter', () => {
  it('delivers an aes128gcm payload the subscription keys decrypt, signed with our VAPID key', async () => {
    const provider = createWebPushProvider({ allowLoopback: true, ca: fake.ca });
    const sub = fake.subscribe();
    const outcome = await provider.send(targetOf(sub), '{"title":"你好"}', { vapid, ttlSeconds: 60, topic: 'post-1' });
    expect(outcome).toEqual({ kind: 'sent', statusCode: 201 });
    const [push] = fake.pushesTo(sub.endpoint);
    expect(push?.text).toBe('{"title":"你好"}');
    expect(push?.vapidPublicKey).toBe(vapid.publicKey);
    expect(push?.claims.aud).toBe(fake.origin);
    expect(push?.claims.sub).toBe(vapid.subject);
    expect(push?.ttl).toBe('60');
    expect(push?.topic).toBe('post-1');
  });

  it('calls a subscription answered 404 or 410 gone, and anything else failed', async () => {
    const provider = createWebPushProvider({ allowLoopback: true, ca: fake.ca });
    const [gone, missing, broken] = [fake.subscribe(), fake.subscribe(), fake.subscribe()];
    fake.answer(gone.endpoint, 410);
    fake.answer(missing.endpoint, 404);
    fake.answer(broken.endpoint, 503);
    const options = { vapid, ttlSeconds: 60 };
    expect(await provider.send(targetOf(gone), 'x', options)).toEqual({ kind: 'gone', statusCode: 410 });
    expect(await provider.send(targetOf(missing), 'x', options)).toEqual({ kind: 'gone', statusCode: 404 });
    expect(await provider.send(targetOf(broken), 'x', options)).toMatchObject({ kind: 'failed', statusCode: 503 });
  });

  it('never connects to a loopback or private address unless told to (an endpoint is a URL a user gave)', async () => {
    const provider = createWebPushProvider({ ca: fake.ca });
    const sub = fake.subscribe();
    const before = fake.received.length;
    const outcome = await provider.send(targetOf(sub), 'x', { vapid, ttlSeconds: 60 });
    expect(outcome).toMatchObject({ kind: 'failed', statusCode: null });
    const local = await provider.send(
      { ...targetOf(sub), endpoint: sub.endpoint.replace('127.0.0.1', 'localhost') },
      'x',
      { vapid, ttlSeconds: 60 },
    );
    expect(local.kind).toBe('failed');
    expect(fake.received.length).toBe(before);
  });
});
