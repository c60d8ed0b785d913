import { postsNoAds } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedUrl } from '../../test/signed.ts';
import { NON_HTML_CSP } from './security-headers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // Stand-ins for the web plugin's pages: one sets its own nonce CSP, one none at all.
  t.app.get('/page-with-csp', async (_request, reply) =>
    reply.type('text/html').header('content-security-policy', "script-src 'nonce-abc'").send('<p>hi</p>'),
  );
  t.app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sets nosniff, frame denial, referrer policy and a strict CSP on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['content-security-policy']).toBe(NON_HTML_CSP);
    expect(NON_HTML_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('sets the strict CSP on /healthz and on error envelopes', async () => {
    for (const url of ['/healthz', '/api/v1/unknown']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(NON_HTML_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('leaves the CSP of HTML pages to the page', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/page-with-csp' });
    expect(own.headers['content-security-policy']).toBe("script-src 'nonce-abc'");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const none = await t.app.inject({ method: 'GET', url: '/page' });
    expect(none.headers['content-security-policy']).toBeUndefined();
  });

  it('sends no HSTS over plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('gives every answer an id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/healthz' });
    const b = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('keeps a sane incoming x-request-id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'evil id\u0000with spaces' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'x'.repeat(300) } });
    expect(long.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
