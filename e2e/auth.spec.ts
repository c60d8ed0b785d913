import { randomInt } from 'node:crypto';
import { type ApiError, logoutAll, myAccount, STATUS } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { apiClient, loginByApi, loginInBrowser, readSmsCode, testAddress, uniqueMobile } from './support/login.ts';

/**
 * This test's own client address: the e2e server trusts X-Forwarded-For, so the
 * per-address SMS and challenge limits hold per simulated person, not for the whole run.
 */
async function ownAddress(page: Page): Promise<string> {
  const address = testAddress();
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return address;
}

/** Opens the login modal from the header and lands on the phone tab. */
async function openPhoneTab(page: Page, isMobile: boolean) {
  await page.getByTestId('header-login').click();
  const modal = page.getByRole('dialog', { name: '登录车友圈' });
  await expect(modal).toBeVisible();
  const phoneTab = modal.getByRole('tab', { name: '手机号登录' });
  const qrTab = modal.getByRole('tab', { name: '扫码登录' });
  // SPEC.md §2: phone tab first on mobile, QR tab first on desktop.
  await expect(isMobile ? phoneTab : qrTab).toHaveAttribute('aria-selected', 'true');
  if (!isMobile) await phoneTab.click();
  await expect(phoneTab).toHaveAttribute('aria-selected', 'true');
  return modal;
}

/** Types a number and asks for the code; answers the code the server wrote to the outbox. */
async function requestCode(page: Page, mobile: string): Promise<string> {
  const modal = page.getByTestId('login-modal');
  const send = modal.getByTestId('send-code');
  const phone = modal.getByPlaceholder('请输入手机号');
  await phone.fill(mobile.slice(0, 10));
  await expect(send, 'disabled while the number is incomplete').toBeDisabled();
  await phone.fill(mobile);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(modal.getByText(/验证码已发送至 \+86 /)).toBeVisible();
  // SPEC.md §4: the code step starts the 59 s resend countdown.
  await expect(modal.getByTestId('resend-countdown')).toHaveText(/^5\d 秒后重新获取$/);
  return readSmsCode(mobile);
}

function codeBoxes(page: Page) {
  return page.getByTestId('sms-code-boxes').getByRole('textbox');
}

test.describe('auth', () => {
  test('a new user logs in by SMS; the header shows them, also in the server-rendered page after a reload', async ({
    page,
    isMobile,
  }) => {
    await ownAddress(page);
    await page.goto('/');
    await expect(page.getByTestId('header-account')).toHaveCount(0);
    const modal = await openPhoneTab(page, isMobile);
    await expect(modal.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/privacy-policy');

    const mobile = uniqueMobile();
    const code = await requestCode(page, mobile);
    // Typing goes box to box; the fourth digit logs in by itself (no button press).
    await codeBoxes(page).first().pressSequentially(code);

    await expect(modal).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '登录成功' })).toBeVisible();
    const account = page.getByTestId('header-account');
    await expect(account).toBeVisible();
    await expect(page.getByTestId('header-login')).toHaveCount(0);

    // The session is the httpOnly cookie: scripts cannot read it, nothing is in localStorage.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'evc_session');
    expect(session?.httpOnly).toBe(true);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session?.value ?? '?');

    // The API agrees who this is, and the header names them.
    const me = await apiClient(session?.value).call(myAccount);
    expect(me.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    await expect(account).toHaveAccessibleName(`账号菜单：${me.nickname}`);
    if (!isMobile) await expect(page.getByTestId('header-nickname')).toHaveText(me.nickname);

    // SSR renders the logged-in header: no flash of 登录 after a reload.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('data-testid="header-account"');
    expect(html).not.toContain('data-testid="header-login"');
    await page.reload();
    await expect(page.getByTestId('header-account')).toBeVisible();
  });

  test('a wrong code clears the boxes and says so; an incomplete one is refused; a paste is cut to 4 digits', {
    tag: ONE_VIEWPORT,
  }, async ({ page, isMobile }) => {
    await ownAddress(page);
    await page.goto('/');
    const modal = await openPhoneTab(page, isMobile);
    const mobile = uniqueMobile();
    const code = await requestCode(page, mobile);
    const wrong = code
      .split('')
      .map((d) => String((Number(d) + 1) % 10))
      .join('');

    // Incomplete: the 登录 button says what is missing.
    await codeBoxes(page).first().pressSequentially(wrong.slice(0, 2));
    await modal.getByRole('button', { name: '登录', exact: true }).click();
    await expect(modal.getByTestId('code-error')).toHaveText('请输入完整的验证码');

    // Backspace moves back through the boxes.
    await codeBoxes(page).nth(2).press('Backspace');
    await expect(codeBoxes(page).nth(1)).toHaveValue('');
    await expect(codeBoxes(page).nth(1)).toBeFocused();
    await codeBoxes(page).nth(1).press('Backspace');
    await expect(codeBoxes(page).first()).toHaveValue('');

    // Wrong code: boxes cleared, the SPEC.md §8 message, still logged out.
    await codeBoxes(page).first().pressSequentially(wrong);
    await expect(modal.getByTestId('code-error')).toHaveText('验证码错误，请重新输入');
    for (const box of await codeBoxes(page).all()) await expect(box).toHaveValue('');
    await expect(codeBoxes(page).first()).toBeFocused();

    // A paste of more than four digits keeps the first four, then logs in.
    await codeBoxes(page)
      .nth(2)
      .evaluate((el, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, `验证码：${code}99`);
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('header-account')).toBeVisible();
  });

  test('a foreign number answers the image challenge; a wrong answer gets 验证码错误 and a new image', {
    tag: ONE_VIEWPORT,
  }, async ({ page, isMobile }) => {
    await ownAddress(page);
    await page.goto('/');
    const modal = await openPhoneTab(page, isMobile);

    // The picker searches by pinyin initials and by area code.
    await modal.getByTestId('country-button').click();
    const search = modal.getByRole('combobox');
    await expect(modal.getByRole('option')).toHaveCount(await modal.getByRole('option').count());
    expect(await modal.getByRole('option').count()).toBeGreaterThanOrEqual(130);
    await search.fill('xjp');
    await expect(modal.getByRole('option')).toHaveText([/新加坡\s*\+65/]);
    await search.fill('+852');
    await expect(modal.getByRole('option')).toHaveText([/中国香港\s*\+852/]);
    await search.press('Enter');
    await expect(modal.getByTestId('country-button')).toHaveText('+852');

    const phone = modal.getByPlaceholder('请输入手机号');
    const send = modal.getByTestId('send-code');
    await phone.fill('1234');
    await expect(send, 'fewer than 5 characters').toBeDisabled();

    const image = modal.getByTestId('challenge-image');
    const boxes = modal.getByTestId('challenge-boxes').getByRole('textbox');
    let number = '';
    let first: string | null = null;
    // An answer nobody read: right once in a thousand images. Then the code really goes
    // out, and the journey starts over with a new number and a new image.
    for (let attempt = 1; ; attempt++) {
      number = String(randomInt(50_000_000, 99_999_999));
      await phone.fill(number);
      await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml/);
      await expect(send, 'not before the 3 digits of the challenge').toBeDisabled();
      first = await image.getAttribute('src');
      await boxes.first().pressSequentially('000');
      const sent = page.waitForRequest((r) => r.url().includes('/api/v1/user/login/smscode') && r.method() === 'POST');
      await send.click();
      const body = (await sent).postDataJSON() as Record<string, string>;
      // SPEC.md §7: the area code is prefixed to the number when it is not 86.
      expect(body).toMatchObject({ mobile: `852-${number}`, acode: '852', challenge: '000' });
      const refusedOrSent = modal.getByTestId('challenge-error').or(modal.getByText(/验证码已发送至/));
      await expect(refusedOrSent).toBeVisible();
      if (await modal.getByTestId('challenge-error').isVisible()) break;
      expect(attempt, 'a second image answered by 000 (one chance in a million)').toBe(1);
      await page.reload();
      await openPhoneTab(page, isMobile);
      await modal.getByTestId('country-button').click();
      await modal.getByRole('combobox').fill('+852');
      await modal.getByRole('combobox').press('Enter');
      await expect(modal.getByTestId('country-button')).toHaveText('+852');
    }
    await expect(modal.getByTestId('challenge-error')).toHaveText('验证码错误');
    await expect(image).not.toHaveAttribute('src', first ?? '');
    for (const box of await boxes.all()) await expect(box).toHaveValue('');
    await expect(modal.getByText(/验证码已发送至/)).toHaveCount(0);

    // A script that skips the challenge is refused by the server: auth.routes.test.ts (CHALLENGE_REQUIRED).
  });

  test('the modal is a labelled dialog: Esc closes it, focus returns to 登录', { tag: ONE_VIEWPORT }, async ({
    page,
  }) => {
    await page.goto('/');
    const login = page.getByTestId('header-login');
    await login.click();
    const modal = page.getByRole('dialog', { name: '登录车友圈' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('tablist', { name: '登录方式' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(login).toBeFocused();
  });

  test('logout clears the header, and the server-rendered page after a reload is logged out', async ({
    page,
    context,
    isMobile,
  }) => {
    const user = await loginInBrowser(context);
    await page.goto('/');
    const account = page.getByTestId('header-account');
    await expect(account).toBeVisible();
    if (!isMobile) await expect(page.getByTestId('header-nickname')).toHaveText(user.account.nickname);

    await account.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: '我的主页' })).toHaveAttribute('href', `/user/${user.account.uid}`);
    await expect(menu.getByRole('menuitem', { name: '设置' })).toHaveAttribute('href', '/settings');
    await menu.getByRole('menuitem', { name: '退出登录' }).click();

    await expect(page.getByTestId('header-login')).toBeVisible();
    await expect(account).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '已退出登录' })).toBeVisible();
    // The session is revoked on the server, not only forgotten by the browser.
    const after = await user.api.call(myAccount).catch((e: unknown) => e);
    expect((after as ApiError).status).toBe(STATUS.NOT_LOGGED_IN);

    await page.reload();
    await expect(page.getByTestId('header-login')).toBeVisible();
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('data-testid="header-login"');
    expect(html).not.toContain('data-testid="header-account"');
  });

  test('a session ended elsewhere (2011) turns the header back to 登录 without a reload', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const user = await loginInBrowser(context);
    const other = await loginByApi();
    await page.goto(`/user/${other.account.uid}`);
    await expect(page.getByTestId('header-account')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    // Logged out from another device: this browser's next call answers 2011.
    await user.api.call(logoutAll, {});
    await page.getByTestId('profile-header').getByTestId('follow-button').click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
