import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError, AppError, ERRORS, STATUS, scanCode } from '@evcircle/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { scanLogins } from '../../modules/scan-login/scan-login.tables.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createLocalStorage } from '../storage/local.ts';
import type { StorageProvider } from '../storage/types.ts';
import { decodeQr } from './decode-qr.test-helper.ts';
import { APP_ID, APP_SECRET, FAKE_WECHAT_PAGES, FakeWechat } from './fake-wechat.test-helper.ts';
import { createWechatQrLogin, TOKEN_MARGIN_S } from './wechat.ts';

const PAGE = FAKE_WECHAT_PAGES.scan;

const silentLog = { warn() {}, error() {} };

describe('WeChat mini-program code adapter (against a local fake)', () => {
  const fake = new FakeWechat();
  let dataDir: string;
  let storage: StorageProvider;
  let clock: number;

  function provider(overrides: { appSecret?: string } = {}) {
    return createWechatQrLogin(
      {
        appId: APP_ID,
        appSecret: overrides.appSecret ?? APP_SECRET,
        apiBase: fake.base,
        page: PAGE,
        publicUrl: 'https://che.example.cn',
        now: () => clock,
      },
      storage,
      silentLog,
    );
  }

  beforeAll(async () => {
    await fake.listen();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-wechat-'));
    storage = createLocalStorage(dataDir);
  });
  afterAll(async () => {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.tokenRequests = 0;
    fake.codeRequests = [];
    fake.failWith = null;
    fake.alwaysStale = false;
    fake.expireTokens();
    clock = Date.parse('2026-11-23T08:00:00Z');
  });

  it('stores the code image and answers its /files URL', async () => {
    const code = 'Q'.repeat(16) + 'w'.repeat(16);
    const url = await provider().qrcodeFor(code);
    expect(url).toBe(`https://che.example.cn/files/scan-login/${code}.png`);
    const stored = await storage.get(`scan-login/${code}.png`);
    expect(stored.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decodeQr(stored)).toBe(`wxacode:${code}`);
    expect(fake.codeRequests[0]?.body).toEqual({ scene: code, page: PAGE, check_path: false, env_version: 'release' });
  });

  it('caches the access token across calls until expires_in minus the margin', async () => {
    const qr = provider();
    await qr.qrcodeFor('a'.repeat(32));
    await qr.qrcodeFor('b'.repeat(32));
    expect(fake.tokenRequests).toBe(1);
    expect(fake.codeRequests.map((r) => r.token)).toEqual(['ACCESS_TOKEN_1', 'ACCESS_TOKEN_1']);

    clock += (7200 - TOKEN_MARGIN_S - 1) * 1000;
    await qr.qrcodeFor('c'.repeat(32));
    expect(fake.tokenRequests).toBe(1);

    clock += 2000;
    await qr.qrcodeFor('d'.repeat(32));
    expect(fake.tokenRequests).toBe(2);
    expect(fake.codeRequests.at(-1)?.token).toBe('ACCESS_TOKEN_2');
  });

  it('shares one token request between concurrent calls', async () => {
    const qr = provider();
    await Promise.all(['e', 'f', 'g'].map((c) => qr.qrcodeFor(c.repeat(32))));
    expect(fake.tokenRequests).toBe(1);
  });

  it('fetches a new token once when WeChat answers 40001, then succeeds', async () => {
    const qr = provider();
    await qr.qrcodeFor('h'.repeat(32));
    fake.expireTokens();
    const url = await qr.qrcodeFor('i'.repeat(32));
    expect(url).toMatch(/\/files\/scan-login\/i{32}\.png$/);
    expect(fake.tokenRequests).toBe(2);
    expect(fake.codeRequests.map((r) => r.token)).toEqual(['ACCESS_TOKEN_1', 'ACCESS_TOKEN_1', 'ACCESS_TOKEN_2']);
  });

  it('gives up with SCAN_CODE_FAILED when the new token is refused too (one retry, no loop)', async () => {
    fake.alwaysStale = true;
    const error = await provider()
      .qrcodeFor('j'.repeat(32))
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SCAN_CODE_FAILED', message: '生成二维码失败，请稍后重试' });
    expect(fake.tokenRequests).toBe(2);
    expect(fake.codeRequests).toHaveLength(2);
  });

  it('turns an errcode answer into SCAN_CODE_FAILED and stores nothing', async () => {
    fake.failWith = { errcode: 45009, errmsg: 'reach max api daily quota limit' };
    const code = 'k'.repeat(32);
    await expect(provider().qrcodeFor(code)).rejects.toMatchObject({ code: 'SCAN_CODE_FAILED' });
    expect(await storage.exists(`scan-login/${code}.png`)).toBe(false);
    expect(fake.tokenRequests).toBe(1);
  });

  it('turns a refused secret into SCAN_CODE_FAILED without asking for a code', async () => {
    await expect(provider({ appSecret: 'wrong' }).qrcodeFor('l'.repeat(32))).rejects.toMatchObject({
      code: 'SCAN_CODE_FAILED',
    });
    expect(fake.codeRequests).toHaveLength(0);
  });

  it('turns an unreachable API into SCAN_CODE_FAILED', async () => {
    const qr = createWechatQrLogin(
      { appId: APP_ID, appSecret: APP_SECRET, apiBase: 'http://127.0.0.1:1', page: PAGE, publicUrl: 'https://x.cn' },
      storage,
      silentLog,
    );
    await expect(qr.qrcodeFor('m'.repeat(32))).rejects.toMatchObject({ code: 'SCAN_CODE_FAILED' });
  });

  it('refuses a scene longer than WeChat takes', async () => {
    await expect(provider().qrcodeFor('n'.repeat(33))).rejects.toMatchObject({ code: 'SCAN_CODE_FAILED' });
    expect(fake.codeRequests).toHaveLength(0);
  });

  it('discard removes the stored image', async () => {
    const qr = provider();
    const code = 'o'.repeat(32);
    await qr.qrcodeFor(code);
    await qr.discard(code);
    expect(await storage.exists(`scan-login/${code}.png`)).toBe(false);
  });
});

describe('scancode with SCAN_LOGIN_PROVIDER=wechat', () => {
  const fake = new FakeWechat();
  let t: TestApp;
  beforeAll(async () => {
    await fake.listen();
    t = await buildTestApp({
      SCAN_LOGIN_PROVIDER: 'wechat',
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: APP_SECRET,
      WECHAT_API_BASE: fake.base,
      WECHAT_SCAN_PAGE: PAGE,
      PUBLIC_URL: 'https://che.example.cn',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.failWith = null;
  });

  it('answers the URL of the stored mini-program code, served under /files', async () => {
    const data = await t.api.call(scanCode, {});
    expect(data.qrcodeUrl).toBe(`https://che.example.cn/files/scan-login/${data.scanCode}.png`);
    expect(fake.codeRequests.at(-1)?.body.scene).toBe(data.scanCode);
    const res = await t.app.inject({ url: new URL(data.qrcodeUrl).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await decodeQr(res.rawPayload)).toBe(`wxacode:${data.scanCode}`);
  });

  it('answers 生成二维码失败 when WeChat refuses, and records no code', async () => {
    fake.failWith = { errcode: 40097, errmsg: 'invalid args' };
    const before = await t.app.db.$count(scanLogins);
    const error = await t.api.call(scanCode, {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: STATUS.SERVER_ERROR, message: ERRORS.SCAN_CODE_FAILED.message });
    expect(await t.app.db.$count(scanLogins)).toBe(before);
  });
});

describe('QR login configuration', () => {
  function issuesOf(env: Record<string, string>): string[] {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.issues.map((i) => i.variable);
      throw err;
    }
    return [];
  }

  it('defaults to the site provider and WeChat’s own API and page', () => {
    expect(loadConfig({})).toMatchObject({
      SCAN_LOGIN_PROVIDER: 'site',
      WECHAT_API_BASE: 'https://api.weixin.qq.com',
      WECHAT_SCAN_PAGE: 'pages/scan/index',
    });
  });

  it('refuses to start with wechat but no app id or secret, naming both', () => {
    expect(issuesOf({ SCAN_LOGIN_PROVIDER: 'wechat' })).toEqual(['WECHAT_APP_ID', 'WECHAT_APP_SECRET']);
    expect(issuesOf({ SCAN_LOGIN_PROVIDER: 'wechat', WECHAT_APP_ID: APP_ID })).toEqual(['WECHAT_APP_SECRET']);
    // Still named when another variable is wrong too.
    expect(issuesOf({ SCAN_LOGIN_PROVIDER: 'wechat', PORT: 'eighty' })).toEqual([
      'PORT',
      'WECHAT_APP_ID',
      'WECHAT_APP_SECRET',
    ]);
    expect(issuesOf({ SCAN_LOGIN_PROVIDER: 'wechat', WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: APP_SECRET })).toEqual(
      [],
    );
  });

  it('refuses an unknown provider and a malformed API base', () => {
    expect(issuesOf({ SCAN_LOGIN_PROVIDER: 'alipay' })).toEqual(['SCAN_LOGIN_PROVIDER']);
    expect(issuesOf({ WECHAT_API_BASE: 'api.weixin.qq.com' })).toEqual(['WECHAT_API_BASE']);
  });
});
