import { computeSign, ok, postsNoAds, SIGN_WINDOW_MS, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedUrl } from '../../test/signed.ts';
import { computeSignNative } from './sign-verify.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // A signed write, to prove body fields are part of the sign.
  t.app.post('/api/v1/test/echo', async (request) => ok(request.body));
});
afterAll(() => t.close());

async function envelope(method: 'GET' | 'POST', url: string, body?: Record<string, string>) {
  const res = await t.app.inject({ method, url, payload: body });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: number; data: unknown; message: string };
}

describe('sign verification', () => {
  it('accepts a call signed by the contract client', async () => {
    await expect(t.api.call(postsNoAds, {})).resolves.toEqual([]);
  });

  it('refuses an unsigned call', async () => {
    const res = await envelope('GET', `${postsNoAds.path}?timestamp=${Date.now()}`);
    expect(res).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: '缺少签名参数' });
  });

  it('refuses a wrong sign', async () => {
    const url = signedUrl(postsNoAds.path, 'not-the-secret');
    const res = await envelope('GET', url);
    expect(res.status).toBe(STATUS.VALIDATION_FAILED);
    expect(res.message).toBe('签名校验失败');
  });

  it('refuses a query parameter changed after signing', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { query: { page: '1' } }).replace(
      'page=1',
      'page=2',
    );
    expect((await envelope('GET', url)).message).toBe('签名校验失败');
  });

  it('refuses a stale or missing timestamp', async () => {
    const stale = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, {
      timestamp: Date.now() - SIGN_WINDOW_MS - 5000,
    });
    expect(await envelope('GET', stale)).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '请求已过期，请校准设备时间后重试',
    });
    const future = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, {
      timestamp: Date.now() + SIGN_WINDOW_MS + 5000,
    });
    expect((await envelope('GET', future)).message).toBe('请求已过期，请校准设备时间后重试');
    const missing = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET).replace(/timestamp=\d+&?/, '');
    expect((await envelope('GET', missing)).message).toBe('请求已过期，请校准设备时间后重试');
  });

  it('accepts a timestamp inside the window', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { timestamp: Date.now() - SIGN_WINDOW_MS + 5000 });
    expect((await envelope('GET', url)).status).toBe(STATUS.SUCCESS);
  });

  it('signs the top-level fields of a JSON body', async () => {
    const body = { content: '原文', uid: '7' };
    const url = signedUrl('/api/v1/test/echo', t.config.API_SIGN_SECRET, { body });
    expect(await envelope('POST', url, body)).toEqual({ status: STATUS.SUCCESS, data: body, message: 'success' });
    const tampered = await envelope('POST', url, { ...body, content: '被篡改' });
    expect(tampered).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '签名校验失败' });
    const added = await envelope('POST', url, { ...body, isAdmin: '1' });
    expect(added.message).toBe('签名校验失败');
  });

  it('accepts a lowercase sign (hex case is not part of the secret)', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET);
    const lower = url.replace(/sign=([0-9A-F]+)/, (_, s: string) => `sign=${s.toLowerCase()}`);
    expect((await envelope('GET', lower)).status).toBe(STATUS.SUCCESS);
  });

  it('does not ask for a sign outside the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('computeSignNative', () => {
  it('computes exactly what the contract client signs with', () => {
    const cases: [Record<string, string>, string][] = [
      [{}, ''],
      [{ page: '1', size: '20', timestamp: '1700000000000' }, 'secret'],
      [{ content: '原文 🚗 "quoted" & more', uid: '7', bId: 'web' }, '车友圈-secret'],
      [{ long: 'x'.repeat(10_000) }, 's'],
    ];
    for (const [params, secret] of cases) expect(computeSignNative(params, secret)).toBe(computeSign(params, secret));
  });
});
