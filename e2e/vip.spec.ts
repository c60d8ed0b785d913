import { ORDER_STATUS_POLL_MS, vipCreateOrder, vipPayOrder, vipStatus } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, PHONE_ONLY, test } from './fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { type LoggedInUser, loginInBrowser } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

/** The day a membership ends as the page writes it: the Beijing calendar day of the server's expiry. */
async function expiryDay(me: LoggedInUser): Promise<string> {
  const { expires_at } = await me.api.call(vipStatus, {});
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(expires_at));
}

/** /vip → 月度会员 → 立即开通 → 沙箱支付 → 去支付. */
async function buyMonthly(page: Page) {
  await page.getByTestId('vip-plan-monthly').click();
  await expect(page.getByTestId('vip-plan-monthly')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('vip-buy').click();
  const checkout = page.getByTestId('vip-checkout');
  await expect(checkout.getByTestId('vip-checkout-amount')).toHaveText('¥39.90');
  await expect(checkout.getByTestId('vip-pay-method-sandbox')).toBeChecked();
  await checkout.getByTestId('vip-pay').click();
  return checkout;
}

test(
  'vip › on a phone, a member buys the monthly plan in the sandbox cashier and comes back VIP',
  {
    tag: PHONE_ONLY,
  },
  async ({ page, context }, testInfo) => {
    const me = await loginInBrowser(context);
    await page.goto('/vip');
    await expect(page.getByTestId('vip-status-none')).toContainText('尚未开通会员');
    await expect(page.getByTestId('vip-plan-yearly').getByTestId('vip-most-popular')).toHaveText('最受欢迎');
    await expect(page.getByTestId('vip-benefits')).toContainText('专属 VIP 标识');
    await shoot(page, testInfo.project.name, 'vip', { fullPage: true, settleMs: 2500 });

    // H5 on a phone: the browser is sent to the cashier, which has no site navigation.
    await buyMonthly(page);
    await page.waitForURL(/\/pay\/sandbox\/[\w-]+\?t=/);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: '沙箱收银台' })).toBeVisible();
    await expect(page.getByTestId('sandbox-notice')).toContainText('这是沙箱支付，不会产生真实扣款');
    await expect(page.getByTestId('sandbox-description')).toHaveText('车友圈 VIP 月度会员');
    await expect(page.getByTestId('sandbox-amount')).toHaveText('¥39.90');
    await expect(page.getByTestId('sandbox-time-left')).toHaveText(/^(30:00|29:[0-5]\d)$/);
    await expect(page.locator('[data-layout="nonav"]')).toBeVisible();
    await expect(page.getByTestId('header-login').or(page.getByTestId('header-account'))).toHaveCount(0);
    await shoot(page, testInfo.project.name, 'sandbox', { settleMs: 2500 });

    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/vip\?order=[\w-]+$/);
    const outcome = page.getByTestId('vip-paid');
    await expect(outcome).toContainText('开通成功');
    const day = await expiryDay(me);
    await expect(outcome.getByTestId('vip-paid-until')).toHaveText(`会员有效期至 ${day}`);
    // The page's own status shows the membership too (its loader ran after the payment settled).
    await expect(page.getByTestId('vip-expiry')).toContainText(`有效期至 ${day}`);
    await page.getByTestId('vip-outcome-done').click();
    await expect(page).toHaveURL(/\/vip$/);
    await expect(page.getByTestId('vip-order-row').first().getByTestId('vip-order-state')).toHaveText('已支付');

    await page.goto(`/user/${me.account.uid}`);
    await expect(page.getByTestId('profile-header').getByTestId('vip-badge')).toBeVisible();
    await expect(page.getByTestId('profile-vip')).toHaveText('VIP 会员');
  },
);

// Desktop only (ONE_VIEWPORT runs on the desktop project): a phone pays through the
// redirect (the journey above); the QR code is the desktop's.
test(
  'vip › on a desktop, the QR dialog turns to 开通成功 once the cashier is paid on another page',
  {
    tag: ONE_VIEWPORT,
  },
  async ({ page, context }, testInfo) => {
    // The page's timers run on a clock the test moves: the poll interval takes no time.
    await page.clock.install();
    const me = await loginInBrowser(context);
    await page.goto('/vip');
    const checkout = await buyMonthly(page);

    await expect(checkout.getByTestId('vip-qr-amount')).toHaveText('¥39.90');
    await expect(checkout.getByTestId('vip-qr-state')).toHaveText('待支付');
    await expect(checkout.getByTestId('vip-qr-time-left')).toHaveText(/^剩余支付时间 (30:00|29:[0-5]\d)$/);
    const qr = checkout.getByTestId('vip-pay-qr');
    await expect(qr.locator('img')).toBeVisible();
    await shoot(page, testInfo.project.name, 'vip-qr', { settleMs: 2500 });
    const address = await qr.getAttribute('data-pay-address');
    expect(address).toMatch(/\/pay\/sandbox\/[\w-]+\?t=/);

    // The phone that scanned it: the cashier in a second page of the same browser.
    const cashier = await context.newPage();
    await cashier.goto(address ?? '');
    await waitForHydration(cashier);
    await cashier.getByTestId('sandbox-pay').click();
    await cashier.waitForURL(/\/vip\?order=/);
    await cashier.close();

    // The next poll sees it paid (the installed clock also runs on its own: on a slow machine
    // that poll may already have come, so the dialog is not checked in between).
    await page.clock.fastForward(ORDER_STATUS_POLL_MS);
    await expect(checkout.getByTestId('vip-paid')).toContainText('开通成功');
    await expect(checkout.getByTestId('vip-paid-until')).toHaveText(`会员有效期至 ${await expiryDay(me)}`);
    // The header's account (the root loader's viewer) followed without a reload.
    await checkout.getByTestId('vip-outcome-done').click();
    await page.getByTestId('header-account').click();
    await expect(page.getByTestId('account-menu-vip')).toHaveText('VIP 会员');
    await page.keyboard.press('Escape');

    await page.goto(`/user/${me.account.uid}`);
    await expect(page.getByTestId('profile-header').getByTestId('vip-badge')).toBeVisible();
  },
);

test.describe('vip › failures', () => {
  // The forged cashier address answers 404, which the browser reports on the console.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 404/] });

  test('支付失败 in the cashier: the order says so and offers to order again; a finished or forged address pays nothing', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    const order = await me.api.call(vipCreateOrder, { plan_type: 'monthly' });
    const pay = await me.api.call(vipPayOrder, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' });

    await page.goto(pay.pay_url);
    await page.getByTestId('sandbox-fail').click();
    await page.waitForURL(/\/vip\?order=/);
    const failed = page.getByTestId('vip-failed');
    await expect(failed).toContainText('支付失败');
    await expect(page.getByTestId('vip-order-row').first().getByTestId('vip-order-state')).toHaveText('支付失败');
    await expect(page.getByTestId('vip-status-none')).toBeVisible();

    await failed.getByTestId('vip-order-again').click();
    const checkout = page.getByTestId('vip-checkout');
    await expect(checkout.getByTestId('vip-checkout-amount')).toHaveText('¥39.90');
    await expect(page).toHaveURL(/\/vip$/);

    // The attempt is over: its cashier says so and links back to the order.
    await page.goto(pay.pay_url);
    await expect(page.getByTestId('sandbox-over')).toHaveText('该支付已结束：支付失败');
    await expect(page.getByTestId('sandbox-pay')).toHaveCount(0);
    await expect(page.getByTestId('sandbox-back')).toHaveAttribute('href', /\/vip\?order=/);

    const forged = new URL(pay.pay_url);
    forged.searchParams.set('t', 'forged-ticket');
    await page.goto(forged.pathname + forged.search);
    await expect(page.getByTestId('sandbox-error')).toContainText('支付单不存在或链接已失效');
  });
});
