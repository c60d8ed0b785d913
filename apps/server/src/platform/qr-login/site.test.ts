import { scanCode } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { dataUrlBytes, decodeQr } from './decode-qr.test-helper.ts';
import { createSiteQrLogin, scanPageUrl } from './site.ts';

describe('site QR login provider', () => {
  it('draws a PNG QR that a reader decodes to this site’s /m/scan/{scanCode} page', async () => {
    const provider = createSiteQrLogin('https://evcircle.example');
    const code = 'Abc_def-0123456789ABCDEFGHIJKLMN';
    const url = await provider.qrcodeFor(code);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(await decodeQr(dataUrlBytes(url))).toBe(`https://evcircle.example/m/scan/${code}`);
  });

  it('builds the page address from PUBLIC_URL', () => {
    expect(scanPageUrl('http://localhost:3000', 'x'.repeat(32))).toBe(`http://localhost:3000/m/scan/${'x'.repeat(32)}`);
  });
});

describe('POST /api/v1/user/login/scancode with the default provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://che.example.cn' });
  });
  afterAll(() => t.close());

  it('answers a QR of PUBLIC_URL/m/scan/{scanCode}', async () => {
    const data = await t.api.call(scanCode, {});
    expect(data.scanCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(data.expireIn).toBe(300);
    expect(await decodeQr(dataUrlBytes(data.qrcodeUrl))).toBe(`https://che.example.cn/m/scan/${data.scanCode}`);
  });
});
