import { cartAdd, cartCount, categoryTree, productsByCategory, SHOP_PAGE_SIZE } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test, VIEWPORT_FREE } from './fixtures.ts';
import { E2E_BASE_URL } from './support/constants.ts';
import { decode, metaContent } from './support/html.ts';
import { waitForApp } from './support/hydration.ts';
import { loginInBrowser } from './support/login.ts';
import { shoot } from './support/screenshots.ts';
import { allProducts, categoryWithChildren, findProduct } from './support/shop-browse.ts';
import { drag } from './support/touch.ts';

/** The modal keys of the address, or null when the modal is closed. */
function modalParams(page: Page): { productId: number; index: number } | null {
  const url = new URL(page.url());
  if (url.searchParams.get('modal') !== 'true') return null;
  return { productId: Number(url.searchParams.get('productId')), index: Number(url.searchParams.get('index')) };
}

/** The prices of the grid's cards, in order. */
async function gridPrices(page: Page): Promise<number[]> {
  return page
    .getByTestId('product-grid')
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.map((card) => Number(card.querySelector('[data-testid="product-price"]')?.getAttribute('data-price'))),
    );
}

test.describe('shop', () => {
  test('browse the shop, a category and a sub-category with its breadcrumb', async ({ page, api, isMobile }, info) => {
    const tree = await api.call(categoryTree, {});
    const { top, sub } = await categoryWithChildren(api, tree);

    await page.goto('/shop');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    await shoot(page, info.project.name, 'shop');

    // Phones: the strip of top categories; desktop: the rail.
    const nav = page.getByTestId(isMobile ? 'category-strip' : 'category-rail');
    await nav.locator(`[data-cid="${top.cid}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/shop/category/${top.cid}$`));
    await expect(page.getByTestId('shop-page')).toHaveAttribute('data-cid', String(top.cid));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(top.cname);
    if (isMobile) await expect(page.getByTestId('category-back')).toBeVisible();

    await page.getByTestId('sub-categories').locator(`[data-cid="${sub.cid}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/shop/category/${top.cid}/${sub.cid}$`));
    const crumbs = page.getByTestId('breadcrumb').getByRole('listitem');
    await expect(crumbs).toHaveText(['商城', top.cname, sub.cname]);
    await expect(page.getByTestId('breadcrumb').getByRole('link', { name: top.cname })).toHaveAttribute(
      'href',
      `/shop/category/${top.cid}`,
    );
    // The list is the sub-category's own.
    const { items } = await api.call(productsByCategory, {
      size: SHOP_PAGE_SIZE,
      others: JSON.stringify({ cid: sub.cid }),
    });
    await expect(page.getByTestId('product-grid').getByTestId('product-card')).toHaveCount(items.length);
    await expect(page.getByTestId('product-card').first()).toHaveAttribute('data-pid', String(items[0]?.pid));
    await shoot(page, info.project.name, 'category');
  });

  test('sorting by price changes the order, survives a reload and flips', { tag: ONE_VIEWPORT }, async ({ page }) => {
    await page.goto('/shop');
    const before = await gridPrices(page);

    await page.getByTestId('sort-price').click();
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    await expect(page.getByTestId('sort-price')).toHaveAttribute('data-sort', 'price_asc');
    await expect
      .poll(async () => {
        const prices = await gridPrices(page);
        return prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) <= price);
      })
      .toBe(true);
    const ascending = await gridPrices(page);
    expect(ascending, 'the order changed').not.toEqual(before);

    await page.reload();
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    expect(await gridPrices(page)).toEqual(ascending);

    await page.getByTestId('sort-price').click();
    await expect(page).toHaveURL(/[?&]sort=price_desc/);
    await expect
      .poll(async () => {
        const prices = await gridPrices(page);
        return prices.length > 0 && prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) >= price);
      })
      .toBe(true);
  });

  test('scrolling to the end loads the next page', { tag: ONE_VIEWPORT }, async ({ page, api }) => {
    const all = await allProducts(api);
    expect(all.length, 'the seed has more than a page').toBeGreaterThan(SHOP_PAGE_SIZE);
    await page.goto('/shop');
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards).toHaveCount(SHOP_PAGE_SIZE);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => cards.count()).toBeGreaterThan(SHOP_PAGE_SIZE);
    // No product twice.
    const pids = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-pid')));
    expect(new Set(pids).size).toBe(pids.length);
  });

  test('a product opens as a modal, steps next and previous, comes back on reload and closes', async ({
    page,
    request,
    isMobile,
  }, info) => {
    await page.goto('/shop');
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    const first = Number(await cards.nth(0).getAttribute('data-pid'));
    const second = Number(await cards.nth(1).getAttribute('data-pid'));
    // The card stays a real link for new tabs and crawlers.
    await expect(cards.nth(0).getByTestId('product-card-link')).toHaveAttribute('href', `/product/${first}`);

    await cards.nth(0).getByTestId('product-card-link').click();
    const modal = page.getByTestId('product-modal');
    await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(first));
    expect(modalParams(page)).toEqual({ productId: first, index: 0 });
    expect(new URL(page.url()).pathname).toBe('/shop');
    await shoot(page, info.project.name, 'product-modal');

    if (isMobile) {
      const title = await modal.getByTestId('product-title').boundingBox();
      if (!title) throw new Error('no title');
      const y = title.y + title.height / 2;
      await drag(page, { x: 340, y }, { x: 60, y }, 3);
    } else {
      await page.getByTestId('product-modal-next').click();
    }
    await expect.poll(() => modalParams(page)).toEqual({ productId: second, index: 1 });
    await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(second));

    if (isMobile) {
      const title = await modal.getByTestId('product-title').boundingBox();
      if (!title) throw new Error('no title');
      const y = title.y + title.height / 2;
      await drag(page, { x: 60, y }, { x: 340, y }, 3);
    } else {
      await page.keyboard.press('ArrowLeft');
    }
    await expect.poll(() => modalParams(page)).toEqual({ productId: first, index: 0 });
    if (!isMobile) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => modalParams(page)).toEqual({ productId: second, index: 1 });
    }

    // The server renders the modal for the address, and a reload shows it again.
    const address = new URL(page.url());
    const html = await (await request.get(`${address.pathname}${address.search}`)).text();
    expect(html).toContain('data-testid="product-modal"');
    await page.reload();
    await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(modalParams(page)?.productId));
    await expect(page.getByTestId('product-grid')).toBeAttached();

    // Closing clears the keys and shows the list.
    if (isMobile) await modal.getByTestId('product-modal-close').click();
    else await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    expect(modalParams(page)).toBeNull();
    expect(new URL(page.url()).search).toBe('');
    await expect(cards.first()).toBeVisible();

    // Opened again, the browser's back button closes it too.
    await cards.nth(1).getByTestId('product-card-link').click();
    await expect(modal).toBeVisible();
    await page.goBack();
    await expect(modal).toHaveCount(0);
    expect(modalParams(page)).toBeNull();
  });

  test('a crawler following a card gets the product page, not the modal', { tag: VIEWPORT_FREE }, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent:
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36',
    });
    const page = await context.newPage();
    await page.goto('/shop');
    // A page of its own: the fixture's goto (which waits for the app) is not this one's.
    await waitForApp(page);
    const card = page.getByTestId('product-grid').getByTestId('product-card').first();
    const pid = await card.getAttribute('data-pid');
    await card.getByTestId('product-card-link').click();
    await expect(page).toHaveURL(new RegExp(`/product/${pid}$`));
    await expect(page.getByTestId('product-view')).toHaveAttribute('data-pid', String(pid));
    await expect(page.getByTestId('product-modal')).toHaveCount(0);
    await context.close();
  });

  test('the product page is rendered on the server with title, description and Open Graph tags', {
    tag: VIEWPORT_FREE,
  }, async ({ request, api }) => {
    const [card] = await allProducts(api);
    if (!card) throw new Error('the seed has products');
    const response = await request.get(`/product/${card.pid}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')).toBe(`${card.title} - 车友圈商城`);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(decode(metaContent(html, 'property', 'og:title') ?? '')).toBe(card.title);
    expect(metaContent(html, 'property', 'product:price:amount')).toBe(card.price);
    const image = decode(metaContent(html, 'property', 'og:image') ?? '');
    expect(image.startsWith(E2E_BASE_URL), `og:image is absolute: ${image}`).toBe(true);
    expect((await request.get(image)).headers()['content-type']).toMatch(/^image\//);
    expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/product/${card.pid}"`);
    // The product itself is in the HTML.
    expect(html).toContain('data-testid="product-view"');
    expect(html).toContain('data-testid="spec-picker"');
  });

  test('the product page shows gallery, price and specs in the layout of the device', async ({
    page,
    api,
    isMobile,
  }, info) => {
    const product = await findProduct(api, (p) => p.specs.length > 0 && p.images.length > 1);
    await page.goto(`/product/${product.pid}`);
    const view = page.getByTestId('product-view');
    await expect(view).toHaveAttribute('data-layout', isMobile ? 'stacked' : 'split');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(view.getByTestId('product-gallery')).toBeVisible();
    await expect(view.getByTestId('product-gallery-thumbnails')).toHaveCount(isMobile ? 0 : 1);
    await expect(view.getByTestId('spec-group')).toHaveCount(product.specs.length);
    await expect(view.getByTestId('product-description')).toBeVisible();
    // On desktop the header says where the reader is: in the shop.
    if (!isMobile) {
      await expect(
        page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '商城' }),
      ).toHaveAttribute('aria-current', 'page');
    }
    await shoot(page, info.project.name, 'product', { fullPage: true });

    // Share: the link and its QR.
    await view.getByTestId('product-share').click();
    const sheet = page.getByTestId('share-sheet');
    await expect(sheet.getByTestId('share-url')).toHaveValue(`${E2E_BASE_URL}/product/${product.pid}`);
    await expect(sheet.getByTestId('share-qr')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).not.toBeVisible();

    // 小程序购买: the code generateQrcode answers.
    await view.getByTestId('buy-mini-program').click();
    await expect(page.getByTestId('qr-sheet').getByTestId('qr-image')).toBeVisible();
  });

  test('choose a spec and add it to the cart; the header count follows', async ({ page, context, api }) => {
    const user = await loginInBrowser(context);
    const product = await findProduct(
      api,
      (p) => p.specs.length > 0 && p.skus.some((sku) => sku.stock >= 2 && sku.apids.length === p.specs.length),
    );
    const sku = product.skus.find((s) => s.stock >= 2);
    if (!sku) throw new Error('no SKU in stock');
    await page.goto(`/product/${product.pid}`);
    const view = page.getByTestId('product-view');
    for (const apid of sku.apids) {
      const option = view.locator(`[data-testid="spec-option"][data-apid="${apid}"]`);
      if ((await option.getAttribute('aria-pressed')) !== 'true') await option.click();
      await expect(option).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(view.getByTestId('product-stock')).toHaveText(`库存 ${sku.stock} 件`);
    await expect(view.getByTestId('product-price')).toHaveAttribute('data-price', sku.price);
    await view.getByTestId('quantity-increase').click();
    await expect(view.getByTestId('quantity-input')).toHaveValue('2');
    await view.getByTestId('add-to-cart').click();
    await expect(page.getByText('已加入购物车')).toBeVisible();
    await expect.poll(async () => (await user.api.call(cartCount, {})).count).toBe(2);
  });

  test('a visitor who adds to the cart gets the login modal', { tag: ONE_VIEWPORT }, async ({ page, api }) => {
    const product = await findProduct(api, (p) => p.stock > 0);
    await page.goto(`/product/${product.pid}`);
    await page.getByTestId('product-view').getByTestId('add-to-cart').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page.getByTestId('login-reason')).toHaveText('登录后才能加入购物车');
  });

  test('a sold-out spec cannot be chosen or added', { tag: ONE_VIEWPORT }, async ({ page, context, api }) => {
    const user = await loginInBrowser(context);
    const product = await findProduct(
      api,
      (p) => p.stock > 0 && p.specs.length > 0 && p.skus.some((sku) => sku.stock === 0),
    );
    const soldOut = product.skus.find((sku) => sku.stock === 0);
    if (!soldOut) throw new Error('no sold-out SKU');
    await page.goto(`/product/${product.pid}`);
    const view = page.getByTestId('product-view');
    // Picking the sold-out SKU's options one by one, one of them is greyed and cannot be picked.
    let greyed = false;
    for (const apid of soldOut.apids) {
      const option = view.locator(`[data-testid="spec-option"][data-apid="${apid}"]`);
      if (await option.isDisabled()) {
        greyed = true;
        await expect(option).toHaveAttribute('data-available', 'false');
        break;
      }
      if ((await option.getAttribute('aria-pressed')) !== 'true') await option.click();
    }
    expect(greyed, 'an option leading to the sold-out SKU is greyed').toBe(true);
    // The incomplete choice is not added; the server refuses the SKU as well.
    await view.getByTestId('add-to-cart').click();
    await expect(page.getByText('请选择完整的商品规格')).toBeVisible();
    await expect(user.api.call(cartAdd, { pid: product.pid, apids: soldOut.apids, number: 1 })).rejects.toThrow(
      '该规格已售罄',
    );
    expect((await user.api.call(cartCount, {})).count).toBe(0);
  });

  test('an old /goods link lands on the product', { tag: ONE_VIEWPORT }, async ({ page, request, api }) => {
    const [card] = await allProducts(api);
    if (!card) throw new Error('the seed has products');
    const redirect = await request.get(`/goods?type=1&id=${card.pid}`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe(`/product/${card.pid}`);
    const response = await page.goto(`/goods?type=1&id=${card.pid}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/product/${card.pid}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.title);
  });

  test.describe('unknown addresses', () => {
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: .*status of 404 .* @ http:\/\/[^/]+\/(product|shop)\//],
    });

    test('an unknown product is the 404 page', { tag: ONE_VIEWPORT }, async ({ page, request }) => {
      expect((await request.get('/product/987654321')).status()).toBe(404);
      expect((await request.get('/product/abc')).status()).toBe(404);
      const response = await page.goto('/product/987654321');
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('product-not-found')).toContainText('商品不存在或已下架');
    });

    test('an unknown category path is the 404 page', { tag: ONE_VIEWPORT }, async ({ page, request, api }) => {
      const tree = await api.call(categoryTree, {});
      const { top, sub } = await categoryWithChildren(api, tree);
      const other = tree.find((node) => node.cid !== top.cid);
      expect((await request.get(`/shop/category/${top.cid}/${sub.cid}`)).status()).toBe(200);
      // A real sub-category under the wrong parent is no address.
      expect((await request.get(`/shop/category/${other?.cid}/${sub.cid}`)).status()).toBe(404);
      const response = await page.goto('/shop/category/987654321');
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('category-not-found')).toBeVisible();
    });
  });
});
