import { addressSave, cartAdd, ORDER_STATUS_POLL_MS, orderCreate, orderPay, sandboxComplete } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { createTestProduct } from './support/cart-product.ts';
import { E2E_ADMIN_MOBILES } from './support/constants.ts';
import { waitForHydration } from './support/hydration.ts';
import { type LoggedInUser, loginByApi, loginInBrowser, useSession } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

// The shop's checkout on the web (docs/decisions/0021-shop-orders.md): cart → checkout with
// an address from the picker → paying in the sandbox → the order's page; the admin ships it,
// the buyer confirms receipt; an unpaid order cancelled.

const COLOUR = '黑色';

/** An admin of its own for each journey and project (an SMS login per number is one a minute). */
function adminOf(number: keyof typeof E2E_ADMIN_MOBILES) {
  return loginByApi({ mobile: E2E_ADMIN_MOBILES[number] });
}

/** A product at 59 yuan (below free delivery: 10 yuan freight) in `buyer`'s cart; its cart line. */
async function productInCart(admin: LoggedInUser, buyer: LoggedInUser) {
  const product = await createTestProduct(admin, { [COLOUR]: { price: '59.00', stock: 5 } });
  const line = await buyer.api.call(cartAdd, { pid: product.pid, apids: product.apids[COLOUR], number: 1 });
  return { product, cid: line.cid };
}

/** An unpaid order of one such product, to a saved address, made through the API. */
async function unpaidOrder(admin: LoggedInUser, buyer: LoggedInUser) {
  const { cid } = await productInCart(admin, buyer);
  const address = await buyer.api.call(addressSave, {
    name: '王五',
    mobile: '13700137000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 90 号 3 幢',
    is_default: true,
  });
  return buyer.api.call(orderCreate, { cids: [cid], address_id: address.id, use_points: 0 });
}

async function expectState(page: Page, text: string) {
  await expect(page.getByTestId('order-detail-state')).toHaveText(text);
}

test('orders › a buyer checks out the cart with a new address from the picker, pays in the sandbox and sees 待发货', async ({
  page,
  context,
  isMobile,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  // The page's timers run on a clock the test moves: the QR dialog's poll takes no time.
  if (!isMobile) await page.clock.install();
  const admin = await adminOf(project === 'mobile' ? 'ordersMobile' : 'ordersDesktop');
  const buyer = await loginInBrowser(context);
  const { product } = await productInCart(admin, buyer);

  await page.goto('/cart');
  await page.getByTestId('cart-checkout').click();
  await page.waitForURL(/\/checkout\?cids=\d+$/);
  await expect(page.getByTestId('order-line-title')).toHaveText(product.title);
  await expect(page.getByTestId('order-summary-goods')).toHaveText('¥59.00');
  await expect(page.getByTestId('order-summary-freight')).toHaveText('¥10.00');
  await expect(page.getByTestId('checkout-payable')).toHaveText('¥69.00');
  await shoot(page, project, 'checkout', { fullPage: true });

  // No address yet: the address book opens on the new-address form.
  await page.getByTestId('checkout-address').click();
  const book = page.getByTestId('address-book');
  await book.getByTestId('address-name').fill('张三');
  await book.getByTestId('address-mobile').fill('13800138000');
  await book.getByTestId('region-province').selectOption('广东省');
  await expect(book.getByTestId('region-district')).toBeDisabled();
  await book.getByTestId('region-city').selectOption('深圳市');
  await book.getByTestId('region-district').selectOption('南山区');
  await expect(book.getByTestId('address-region-text')).toHaveText('广东省 深圳市 南山区');
  await book.getByTestId('address-detail').fill('科技园南区 8 栋 101');
  await shoot(page, project, 'address-picker');
  await book.getByTestId('address-save').click();
  await expect(book).toBeHidden();
  await expect(page.getByTestId('checkout-address')).toContainText('广东省 深圳市 南山区 科技园南区 8 栋 101');

  await page.getByTestId('checkout-submit').click();
  const pay = page.getByTestId('order-pay');
  await expect(pay.getByTestId('order-pay-amount')).toHaveText('¥69.00');
  await expect(pay.getByTestId('pay-method-sandbox')).toBeChecked();
  await pay.getByTestId('order-pay-start').click();

  if (isMobile) {
    // H5 on a phone: the cashier, then back to the order's page.
    await page.waitForURL(/\/pay\/sandbox\/[\w-]+\?t=/);
    await waitForHydration(page);
    await page.getByTestId('sandbox-pay').click();
  } else {
    // The QR code on a desktop, paid on "the phone" (a second page), seen by the poll.
    await expect(pay.getByTestId('order-qr-amount')).toHaveText('¥69.00');
    await expect(pay.getByTestId('order-qr-state')).toHaveText('待付款');
    const qr = pay.getByTestId('order-pay-qr');
    await expect(qr.locator('img')).toBeVisible();
    const address = (await qr.getAttribute('data-pay-address')) ?? '';
    const cashier = await context.newPage();
    await cashier.goto(address);
    await waitForHydration(cashier);
    await cashier.getByTestId('sandbox-pay').click();
    await cashier.waitForURL(/\/orders\//);
    await cashier.close();
    await page.clock.fastForward(ORDER_STATUS_POLL_MS);
  }
  await page.waitForURL(/\/orders\/[\w-]+$/);
  await expectState(page, '待发货');
  await expect(page.getByTestId('order-summary-payable')).toHaveText('¥69.00');
  await expect(page.getByTestId('order-actions')).toHaveCount(0);
  await shoot(page, project, 'order-detail', { fullPage: true });

  // The cart is empty of it, and the order heads 我的订单 → 待发货.
  await page.goto('/orders?state=unshipped');
  await expect(page.getByTestId('orders-tab-unshipped')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('order-card').first().getByTestId('order-state')).toHaveText('待发货');
  await shoot(page, project, 'orders', { fullPage: true });
});

test(
  'orders › an admin ships a paid order with a tracking number; the buyer sees 已发货 and confirms receipt',
  { tag: ONE_VIEWPORT },
  async ({ page, context, api }, testInfo) => {
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    const admin = await adminOf('ordersShip');
    const buyer = await loginByApi();
    const order = await unpaidOrder(admin, buyer);
    const start = await buyer.api.call(orderPay, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' });
    const cashier = new URL(start.pay_url);
    await api.call(sandboxComplete, {
      trade_no: decodeURIComponent(cashier.pathname.split('/').pop() ?? ''),
      t: cashier.searchParams.get('t') ?? '',
      outcome: 'paid',
    });

    await useSession(context, admin.token);
    await page.goto('/');
    await page.getByTestId('header-account').click();
    await page.getByTestId('account-menu-admin-orders').click();
    await page.waitForURL(/\/admin\/orders$/);
    await page.getByTestId('admin-orders-state').selectOption('unshipped');
    await page.getByTestId('admin-orders-word').fill(order.order_id);
    await page.getByTestId('admin-orders-search').click();
    const row = page.locator(`[data-testid="admin-order-row"][data-order="${order.order_id}"]`);
    await expect(row.getByTestId('order-state')).toHaveText('待发货');
    await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
    await shoot(page, project, 'admin-orders', { fullPage: true });
    await row.click();

    const detail = page.getByTestId('admin-order');
    await detail.getByTestId('admin-ship-courier').fill('顺丰速运');
    await detail.getByTestId('admin-ship-tracking').fill('12');
    await detail.getByTestId('admin-ship-submit').click();
    await expect(detail.getByTestId('admin-ship-error')).toHaveText('快递单号须为 6–40 位字母或数字');
    await detail.getByTestId('admin-ship-tracking').fill('SF1234567890');
    await detail.getByTestId('admin-ship-submit').click();
    await expect(detail.getByTestId('order-state')).toHaveText('已发货');
    await expect(detail.getByTestId('admin-refund-open')).toBeVisible();
    await shoot(page, project, 'admin-order', { fullPage: true });

    await context.clearCookies();
    await useSession(context, buyer.token);
    await page.goto(`/orders/${order.order_id}`);
    await expectState(page, '已发货');
    await expect(page.getByTestId('order-courier')).toHaveText('顺丰速运');
    await expect(page.getByTestId('order-tracking')).toHaveText('SF1234567890');
    await page.getByTestId('order-confirm').click();
    await page.getByTestId('order-question').getByRole('button', { name: '确认收货' }).click();
    await expectState(page, '已完成');
    await expect(page.getByTestId('order-actions')).toHaveCount(0);
  },
);

test('orders › a buyer cancels an unpaid order and it reads 已取消', { tag: ONE_VIEWPORT }, async ({
  page,
  context,
}) => {
  const admin = await adminOf('ordersCancel');
  const buyer = await loginInBrowser(context);
  const order = await unpaidOrder(admin, buyer);

  await page.goto('/orders?state=unpaid');
  await page.locator(`[data-testid="order-card"][data-order="${order.order_id}"]`).click();
  await page.waitForURL(new RegExp(`/orders/${order.order_id}$`));
  await expectState(page, '待付款');
  await expect(page.getByTestId('order-detail-hint')).toContainText(/请在 (30:00|29:[0-5]\d) 内完成支付/);
  await page.getByTestId('order-cancel').click();
  await page.getByTestId('order-question').getByRole('button', { name: '取消订单' }).click();
  await expectState(page, '已取消');
  await expect(page.getByTestId('order-detail-hint')).toHaveText('你已取消订单');
  await expect(page.getByTestId('order-actions')).toHaveCount(0);
});
