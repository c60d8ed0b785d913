import { ApiError, adminProductOnSale, cartAdd, cartDelete, cartList, STATUS } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { createTestProduct } from './support/cart-product.ts';
import { E2E_ADMIN_MOBILES } from './support/constants.ts';
import { loginByApi, loginInBrowser, useSession } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

const BLACK = '黑色';
const GREY = '灰色';

function line(page: Page, cid: number) {
  return page.locator(`[data-testid="cart-line"][data-cid="${cid}"]`);
}

test('a visitor to /cart is asked to log in, and the header shows no cart', { tag: ONE_VIEWPORT }, async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByTestId('cart-guest')).toContainText('登录后查看购物车');
  await expect(page.getByTestId('login-prompt-button')).toBeVisible();
  await expect(page.getByTestId('header-cart')).toHaveCount(0);
});

test('the cart: quantities, a refusal over stock, removal, the badge, and nobody else sees it', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const admin = await loginByApi({
    mobile: E2E_ADMIN_MOBILES[project === 'mobile' ? 'cartMobile' : 'cartDesktop'],
  });
  const product = await createTestProduct(admin, {
    [BLACK]: { price: '199.00', market_price: '299.00', stock: 3 },
    [GREY]: { price: '99.50', stock: 10 },
  });
  const buyer = await loginInBrowser(context);
  const black = await buyer.api.call(cartAdd, { pid: product.pid, apids: product.apids[BLACK], number: 1 });
  const grey = await buyer.api.call(cartAdd, { pid: product.pid, apids: product.apids[GREY], number: 2 });

  await page.goto('/cart');
  const badge = page.getByTestId('header-cart-badge');
  await expect(badge).toHaveText('3');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const blackLine = line(page, black.cid);
  await expect(blackLine.getByTestId('cart-line-title')).toHaveText(product.title);
  await expect(blackLine.getByTestId('cart-line-title')).toHaveAttribute('href', `/product/${product.pid}`);
  await expect(blackLine.getByTestId('cart-line-spec')).toContainText('黑色');
  await expect(blackLine).toContainText('¥299.00');
  await expect(page.getByTestId('cart-total')).toHaveText('¥398.00');
  await expect(page.getByTestId('cart-balance')).toContainText('积分');
  await shoot(page, project, 'cart', { fullPage: true });

  // One more: saved, counted in the badge and the total.
  await blackLine.getByTestId('quantity-increase').click();
  await expect(blackLine.getByTestId('quantity-input')).toHaveValue('2');
  await expect(badge).toHaveText('4');
  await expect(page.getByTestId('cart-total')).toHaveText('¥597.00');

  // Unticked, the grey line leaves the total and what 去结算 takes; ticked again, it is back.
  const greyChoice = line(page, grey.cid).getByTestId('cart-line-choose');
  await greyChoice.uncheck();
  await expect(page.getByTestId('cart-total')).toHaveText('¥398.00');
  await expect(page.getByTestId('cart-checkout')).toHaveText('去结算 (1)');
  await expect(page.getByTestId('cart-checkout')).toHaveAttribute('href', `/checkout?cids=${black.cid}`);
  await greyChoice.check();
  await expect(page.getByTestId('cart-total')).toHaveText('¥597.00');
  await expect(page.getByTestId('cart-checkout')).toHaveText('去结算');

  // More than the stock: the server's refusal is shown and the number goes back.
  const number = blackLine.getByTestId('quantity-input');
  await number.fill('5');
  await number.press('Enter');
  await expect(page.getByText('库存不足，最多还能购买 3 件')).toBeVisible();
  await expect(number).toHaveValue('2');
  await expect(badge).toHaveText('4');
  const saved = await buyer.api.call(cartList, {});
  expect(saved.prds.find((l) => l.cid === black.cid)?.number).toBe(2);
  // At the stock, + stops.
  await blackLine.getByTestId('quantity-increase').click();
  await expect(number).toHaveValue('3');
  await expect(blackLine.getByTestId('quantity-increase')).toBeDisabled();

  // Remove the grey line, after confirming.
  await line(page, grey.cid).getByTestId('cart-line-remove').click();
  await page.getByTestId('cart-remove-confirm-confirm').click();
  await expect(page.getByText('已从购物车删除')).toBeVisible();
  await expect(line(page, grey.cid)).toHaveCount(0);
  await expect(badge).toHaveText('3');
  await expect(page.getByTestId('cart-total')).toHaveText('¥597.00');

  // Another user sees none of it and cannot remove it.
  const other = await loginByApi();
  const theirs = await other.api.call(cartList, {});
  expect([...theirs.prds, ...theirs.acvPrds]).toEqual([]);
  const refused = await other.api.call(cartDelete, { cids: [black.cid] }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(STATUS.NOT_FOUND);
  await context.clearCookies();
  await useSession(context, other.token);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('header-cart')).toBeVisible();
  await expect(page.getByTestId('header-cart-badge')).toHaveCount(0);

  // Back as the buyer: the product went off sale, so its line is greyed out.
  await admin.api.call(adminProductOnSale, { pid: product.pid, on_sale: false });
  await context.clearCookies();
  await useSession(context, buyer.token);
  await page.goto('/cart');
  await expect(line(page, black.cid)).toHaveAttribute('data-available', 'false');
  await expect(line(page, black.cid).getByTestId('cart-line-unavailable')).toContainText('已下架');
  await expect(page.getByTestId('cart-total')).toHaveText('¥0.00');
  await shoot(page, project, 'cart-unavailable', { fullPage: true });

  // 管理: select all and remove; the empty cart leads to the shop.
  await page.getByTestId('cart-manage').click();
  await page.getByTestId('cart-select-all').check();
  await page.getByTestId('cart-remove-selected').click();
  await page.getByTestId('cart-remove-confirm-confirm').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-go-shop')).toHaveAttribute('href', '/shop');
  await expect(page.getByTestId('header-cart-badge')).toHaveCount(0);
  await shoot(page, project, 'cart-empty', { fullPage: true });
});
