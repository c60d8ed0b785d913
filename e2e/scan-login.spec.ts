import {
  confirmScan,
  logoutAll,
  SCAN_POLL_INTERVAL_MS,
  SCAN_POLL_MAX_FAILURES,
  SCAN_STATUS,
  scanCode,
  scanStatus,
} from '@evcircle/contract';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, PHONE_ONLY, test } from './fixtures.ts';
import { PHONE_USER_AGENT } from './support/constants.ts';
import {
  apiClient,
  type LoggedInUser,
  loginByApi,
  loginInBrowser,
  readSmsCode,
  testAddress,
  uniqueMobile,
} from './support/login.ts';

type Phone = { context: BrowserContext; page: Page; problems: string[] };

/**
 * A second device: a phone-sized context with its own cookies, whose console errors fail
 * the test like the main page's do (the fixture watches only `page`).
 */
async function openPhone(browser: Browser, baseURL: string | undefined): Promise<Phone> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    extraHTTPHeaders: { 'x-forwarded-for': testAddress() },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`phone console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`phone page error: ${e.message}`));
  return { context, page, problems };
}

/** Opens the login modal on the desktop: the QR tab is first; answers the code behind the QR. */
async function openQr(page: Page): Promise<{ code: string; image: string }> {
  const made = page.waitForResponse((r) => r.url().includes('/api/v1/user/login/scancode'));
  await page.getByTestId('header-login').click();
  const modal = page.getByRole('dialog', { name: '登录车友圈' });
  await expect(modal.getByRole('tab', { name: '扫码登录' })).toHaveAttribute('aria-selected', 'true');
  const { data } = (await (await made).json()) as { data: { scanCode: string; qrcodeUrl: string } };
  const image = modal.getByTestId('qr-image');
  await expect(image).toHaveAttribute('src', data.qrcodeUrl);
  await expect(modal.getByTestId('qr-message')).toHaveText('请使用微信扫一扫或手机浏览器扫码登录');
  return { code: data.scanCode, image: data.qrcodeUrl };
}

test.describe('scan login', () => {
  test.describe('desktop with a phone', () => {
    test.skip(({ isMobile }) => isMobile, 'the QR is shown on a computer and scanned by a second device');

    test('a desktop browser logs in by QR while a logged-in phone confirms on /m/scan/…', async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto('/');
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const { code } = await openQr(page);
      const modal = page.getByTestId('login-modal');

      const phone = await openPhone(browser, baseURL);
      const user = await loginInBrowser(phone.context);
      // What the QR encodes: this site's own scan page for that code.
      await phone.page.goto(`/m/scan/${code}`);
      const confirm = phone.page.getByTestId('scan-confirm');
      await expect(confirm).toBeVisible();
      await expect(phone.page.getByTestId('scan-account')).toHaveText(user.account.nickname);
      await expect(phone.page.getByTestId('scan-device')).not.toBeEmpty();
      await expect(phone.page.getByTestId('scan-ip')).toHaveText(/\*/);
      await expect(confirm).toHaveAttribute('data-phase', 'ready');

      // Opening the page told the desktop it was scanned.
      await expect(modal.getByTestId('qr-message')).toHaveText('已扫码，请在手机上确认');

      await phone.page.getByTestId('scan-confirm-button').click();
      await expect(phone.page.getByTestId('scan-result-title')).toHaveText('已确认，请在电脑上继续');

      // The desktop is logged in as the phone's user, without a reload.
      await expect(modal).toBeHidden();
      await expect(page.getByTestId('header-nickname')).toHaveText(user.account.nickname);
      await expect(page.getByRole('status').filter({ hasText: '登录成功' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await page.reload();
      await expect(page.getByTestId('header-nickname')).toHaveText(user.account.nickname);

      expect(phone.problems).toEqual([]);
      await phone.context.close();
    });

    test('polling stops when the QR tab is left, and a new QR is made on coming back', async ({ page }) => {
      // The page's timers run on a clock the test moves: seconds of waiting take no time.
      await page.clock.install();
      await page.goto('/');
      await openQr(page);
      const modal = page.getByTestId('login-modal');
      const firstPoll = page.waitForRequest((r) => r.url().includes('/api/v1/user/login/scan-status'));
      await page.clock.runFor(SCAN_POLL_INTERVAL_MS);
      await firstPoll;
      await modal.getByRole('tab', { name: '手机号登录' }).click();
      const polls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/user/login/scan-status')) polls.push(r.url());
      });
      await page.clock.runFor(3 * SCAN_POLL_INTERVAL_MS);
      expect(polls, 'no polling while the phone tab is shown').toEqual([]);

      const again = page.waitForResponse((r) => r.url().includes('/api/v1/user/login/scancode'));
      await modal.getByRole('tab', { name: '扫码登录' }).click();
      await again;
      await expect(modal.getByTestId('qr-message')).toHaveText('请使用微信扫一扫或手机浏览器扫码登录');
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      polls.length = 0;
      await page.clock.runFor(3 * SCAN_POLL_INTERVAL_MS);
      expect(polls, 'no polling once the modal is closed').toEqual([]);
    });

    test('declined on the phone: the desktop shows 二维码已过期, and 刷新 brings a new QR', async ({
      page,
      browser,
      baseURL,
    }) => {
      await page.goto('/');
      const { code, image } = await openQr(page);
      const modal = page.getByTestId('login-modal');

      const phone = await openPhone(browser, baseURL);
      await loginInBrowser(phone.context);
      await phone.page.goto(`/m/scan/${code}`);
      await expect(phone.page.getByTestId('scan-confirm')).toHaveAttribute('data-phase', 'ready');
      await phone.page.getByTestId('scan-decline-button').click();
      await expect(phone.page.getByTestId('scan-result-title')).toHaveText('已取消');

      await expect(modal.getByTestId('qr-message')).toHaveText('二维码已过期');
      const refreshed = page.waitForResponse((r) => r.url().includes('/api/v1/user/login/scancode'));
      await modal.getByRole('button', { name: '刷新' }).click();
      const { data } = (await (await refreshed).json()) as { data: { scanCode: string; qrcodeUrl: string } };
      expect(data.scanCode).not.toBe(code);
      await expect(modal.getByTestId('qr-image')).toHaveAttribute('src', data.qrcodeUrl);
      expect(data.qrcodeUrl).not.toBe(image);
      await expect(modal.getByTestId('qr-message')).toHaveText('请使用微信扫一扫或手机浏览器扫码登录');

      // The declined code stays dead on the phone too.
      await phone.page.reload();
      await expect(phone.page.getByTestId('scan-result-title')).toHaveText('二维码已过期');
      expect(phone.problems).toEqual([]);
      await phone.context.close();
    });
  });

  test.describe('status failures', () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test('polling stops after 5 failures in a row with 刷新; a failed QR says 生成二维码失败', async ({
      page,
      isMobile,
    }) => {
      await page.clock.install();
      await page.route('**/api/v1/user/login/scan-status**', (route) => route.abort('failed'));
      await page.goto('/');
      await page.getByTestId(isMobile ? 'tab-me' : 'header-login').click();
      const modal = page.getByTestId('login-modal');
      if (isMobile) await modal.getByRole('tab', { name: '扫码登录' }).click();
      await expect(modal.getByTestId('qr-image')).toBeVisible();
      const polls: string[] = [];
      page.on('requestfailed', (r) => {
        if (r.url().includes('scan-status')) polls.push(r.url());
      });
      // A second between polls, on the page's clock, until the fifth failure stops them.
      const message = modal.getByTestId('qr-message');
      await expect
        .poll(async () => {
          await page.clock.runFor(SCAN_POLL_INTERVAL_MS);
          return message.textContent();
        })
        .toBe('查询扫码状态失败，请刷新二维码');
      await page.clock.runFor(3 * SCAN_POLL_INTERVAL_MS);
      expect(polls.length, 'no more polls after the fifth failure').toBe(SCAN_POLL_MAX_FAILURES);

      await page.route('**/api/v1/user/login/scancode**', (route) =>
        route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
      );
      await modal.getByRole('button', { name: '刷新' }).click();
      await expect(modal.getByTestId('qr-message')).toHaveText('生成二维码失败，请稍后重试');
      await expect(modal.getByRole('button', { name: '刷新' })).toBeVisible();
    });
  });

  // The scan page is what a phone opens.
  test.describe('the phone page', { tag: PHONE_ONLY }, () => {
    test('a logged-out phone is asked to log in first, then confirms, and the browser gets its login', async ({
      page,
      api,
    }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': testAddress() });
      // The computer's side, through the API: a code and its first poll.
      const made = await api.call(scanCode, {});
      expect((await api.call(scanStatus, { scanCode: made.scanCode })).status).toBe(SCAN_STATUS.WAITING);

      await page.goto(`/m/scan/${made.scanCode}`);
      await expect(page.getByTestId('scan-result-title')).toHaveText('登录后确认电脑端登录');
      const modal = page.getByRole('dialog', { name: '登录车友圈' });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId('login-reason')).toHaveText('登录后确认电脑端登录');
      await expect(modal.getByRole('tab', { name: '手机号登录' })).toHaveAttribute('aria-selected', 'true');

      const mobile = uniqueMobile();
      await modal.getByPlaceholder('请输入手机号').fill(mobile);
      await modal.getByTestId('send-code').click();
      const code = await readSmsCode(mobile);
      await modal.getByTestId('sms-code-boxes').getByRole('textbox').first().pressSequentially(code);
      await expect(modal).toBeHidden();

      // Logged in now: the page marks the code scanned and shows the request.
      await expect(page.getByTestId('scan-confirm')).toHaveAttribute('data-phase', 'ready');
      await expect
        .poll(async () => (await api.call(scanStatus, { scanCode: made.scanCode })).status)
        .toBe(SCAN_STATUS.SCANNED);
      await page.getByTestId('scan-confirm-button').click();
      await expect(page.getByTestId('scan-result-title')).toHaveText('已确认，请在电脑上继续');

      const done = await api.call(scanStatus, { scanCode: made.scanCode });
      expect(done.status).toBe(SCAN_STATUS.CONFIRMED);
      expect(done.userInfo?.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
      expect(done.userInfo?.token).toEqual(expect.any(String));
    });

    test('a dead, unknown or already used code is explained, not confirmed', async ({ page, context, api }) => {
      const user = await loginInBrowser(context);

      await page.goto(`/m/scan/${'x'.repeat(32)}`);
      await expect(page.getByTestId('scan-result-title')).toHaveText('二维码已过期');
      await expect(page.getByTestId('scan-confirm-button')).toHaveCount(0);

      // Someone else confirmed it first.
      const made = await api.call(scanCode, {});
      const other: LoggedInUser = await loginByApi();
      await other.api.call(confirmScan, { scanCode: made.scanCode });
      await page.goto(`/m/scan/${made.scanCode}`);
      await expect(page.getByTestId('scan-result-title')).toHaveText('二维码已被使用');

      // Session ended elsewhere while the page was open: the confirm is refused and the page asks to log in.
      const fresh = await api.call(scanCode, {});
      await page.goto(`/m/scan/${fresh.scanCode}`);
      await expect(page.getByTestId('scan-confirm')).toHaveAttribute('data-phase', 'ready');
      await user.api.call(logoutAll, {});
      await page.getByTestId('scan-confirm-button').click();
      await expect(page.getByTestId('scan-result-title')).toHaveText('登录后确认电脑端登录');
      expect((await apiClient().call(scanStatus, { scanCode: fresh.scanCode })).status).toBe(SCAN_STATUS.SCANNED);
    });
  });
});
