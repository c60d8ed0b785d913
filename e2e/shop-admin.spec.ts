import { randomInt } from 'node:crypto';
import { productInfo, productsByCategory } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { E2E_ADMIN_MOBILES } from './support/constants.ts';
import { loginByApi, useSession } from './support/login.ts';
import { noisePng } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

/** Adds a category through the manager (under `parent`, or at the top) and answers its cid. */
async function addCategory(page: Page, name: string, parent?: number): Promise<number> {
  const manager = page.getByTestId('category-manager');
  if (parent === undefined) await manager.getByTestId('category-add-top').click();
  else
    await manager
      .locator(`[data-testid="category-node"][data-cid="${parent}"] >> [data-testid="category-add-sub"]`)
      .first()
      .click();
  await manager.getByTestId('category-name').fill(name);
  await manager.getByTestId('category-name-save').click();
  const node = manager.locator(`[data-testid="category-node"][data-name="${name}"]`);
  await expect(node).toBeVisible();
  return Number(await node.getAttribute('data-cid'));
}

test.describe('the shop admin', () => {
  // /admin/products answers a non-admin with a 403 page; the browser logs that document's status.
  test.use({
    allowedConsoleErrors: [/^Failed to load resource: .*status of 403 .*@ .*\/admin\/products(\?edit=new)?$/],
  });

  test('a normal user is refused at /admin/products', { tag: ONE_VIEWPORT }, async ({ page, reader: _ }) => {
    await page.goto('/admin/products');
    await expect(page.getByTestId('admin-forbidden')).toContainText('没有权限');
    await expect(page.getByTestId('product-form')).toHaveCount(0);
    await page.goto('/admin/products?edit=new');
    await expect(page.getByTestId('admin-forbidden')).toBeVisible();
  });

  test('an admin adds a category and a product with an image and two spec groups, and it is on sale there', async ({
    page,
    context,
    api,
    isMobile,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const admin = await loginByApi({
      mobile: E2E_ADMIN_MOBILES[project === 'mobile' ? 'shopAdminMobile' : 'shopAdminDesktop'],
    });
    await useSession(context, admin.token);
    const tag = String(randomInt(10_000, 100_000));

    // Admins find the page in their account menu.
    await page.goto('/');
    await page.getByTestId('header-account').click();
    await page.getByTestId('account-menu-products').click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(
      page.getByTestId('admin-product-row').first().or(page.getByTestId('admin-product-empty')),
    ).toBeVisible();
    await shoot(page, project, 'admin-products', { fullPage: true });

    // A category and a sub-category of it.
    if (isMobile) await page.getByTestId('admin-tab-categories').click();
    const top = await addCategory(page, `内饰${tag}`);
    const sub = await addCategory(page, `脚垫${tag}`, top);
    await shoot(page, project, 'admin-categories', { fullPage: true });
    if (isMobile) await page.getByTestId('admin-tab-products').click();

    // The form tells what is missing before anything is sent.
    await page.getByTestId('admin-product-new').click();
    await expect(page.getByTestId('product-form')).toBeVisible();
    await page.getByTestId('product-save').click();
    await expect(page.getByTestId('product-form-error')).toHaveText('请先修改标出的问题');
    await expect(page.getByTestId('field-category-problem')).toHaveText('请选择分类');
    await expect(page.getByTestId('field-images-problem')).toHaveText('至少上传一张商品图');

    const title = `全包围脚垫 ${tag}`;
    await page.getByTestId('product-category').selectOption(String(sub));
    await page.getByTestId('product-title').fill(title);
    await page.getByTestId('product-image-input').setInputFiles([
      { name: 'mat-1.png', mimeType: 'image/png', buffer: noisePng(64) },
      { name: 'mat-2.png', mimeType: 'image/png', buffer: noisePng(48) },
    ]);
    await expect(page.getByTestId('product-image')).toHaveCount(2);
    // The second becomes the cover.
    const second = await page.getByTestId('product-image').nth(1).getAttribute('data-path');
    await page.getByTestId('product-image').nth(1).getByTestId('image-move-left').click();
    await expect(page.getByTestId('product-image').first()).toHaveAttribute('data-path', second ?? '');

    await page
      .getByTestId('product-description')
      .fill('<p>加厚 <strong>TPE</strong> 材质</p><script>alert(1)</script>');
    await page.getByTestId('description-preview-toggle').click();
    await expect(page.getByTestId('description-preview').locator('strong')).toHaveText('TPE');
    await expect(page.getByTestId('description-preview').locator('script')).toHaveCount(0);

    // Two spec groups make a 2 × 2 SKU table.
    for (const [index, name, options] of [
      [0, '颜色', ['黑色', '灰色']],
      [1, '车型', ['Model 3', 'Model Y']],
    ] as const) {
      await page.getByTestId('spec-add').click();
      await page.getByTestId(`spec-name-${index}`).fill(name);
      for (const option of options) {
        await page.getByTestId(`spec-option-input-${index}`).fill(option);
        await page.getByTestId(`spec-option-input-${index}`).press('Enter');
      }
    }
    await expect(page.getByTestId('sku-row')).toHaveCount(4);
    await page.getByTestId('sku-fill-price').fill('199');
    await page.getByTestId('sku-fill-market_price').fill('259.9');
    await page.getByTestId('sku-fill-stock').fill('20');
    await page.getByTestId('sku-fill-apply').click();
    const greyY = page.locator('[data-testid="sku-row"][data-options="灰色/Model Y"]');
    await greyY.getByTestId('sku-price').fill('219.5');
    await greyY.getByTestId('sku-stock').fill('5');
    await page.getByTestId('product-on-sale').check();
    await shoot(page, project, 'admin-product-form', { fullPage: true });
    await page.getByTestId('product-save').click();

    await expect(page.getByText('商品已保存')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const row = page.getByTestId('admin-product-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('product-row-status')).toHaveText('在售');
    const pid = Number(await row.getAttribute('data-pid'));

    // On sale in its category and the one above it, as the shop lists it.
    const inSub = await api.call(productsByCategory, { others: JSON.stringify({ cid: sub }) });
    expect(inSub.items.map((item) => item.title)).toContain(title);
    const inTop = await api.call(productsByCategory, { others: JSON.stringify({ cid: top }) });
    expect(inTop.items.map((item) => item.pid)).toContain(pid);
    const product = await api.call(productInfo, { pid });
    expect(product.specs.map((spec) => spec.name)).toEqual(['颜色', '车型']);
    expect(product.skus).toHaveLength(4);
    expect(product.price).toBe('199.00');
    expect(product.images).toHaveLength(2);
    expect(product.description).toContain('<strong>TPE</strong>');
    expect(product.description).not.toContain('script');

    // And on the shop's page of that category, under its parent.
    await page.goto(`/shop/category/${top}/${sub}`);
    await expect(page.locator(`[data-testid="product-card"][data-pid="${pid}"]`)).toContainText(title);
    await page.goto('/admin/products');

    // Off sale: gone from the category; back on sale: there again.
    await row.getByTestId('admin-product-toggle').click();
    await expect(row.getByTestId('product-row-status')).toHaveText('已下架');
    const hidden = await api.call(productsByCategory, { others: JSON.stringify({ cid: sub }) });
    expect(hidden.items.map((item) => item.pid)).not.toContain(pid);
    await row.getByTestId('admin-product-toggle').click();
    await expect(row.getByTestId('product-row-status')).toHaveText('在售');

    // Editing shows what was saved; search finds it.
    await page.getByTestId('admin-product-search').fill(tag);
    await page.getByTestId('admin-product-search').press('Enter');
    await expect(page).toHaveURL(new RegExp(`word=${tag}`));
    await expect(page.getByTestId('admin-product-row')).toHaveCount(1);
    await page.getByTestId('admin-product-edit').click();
    await expect(page.getByTestId('product-title')).toHaveValue(title);
    await expect(page.getByTestId('sku-row')).toHaveCount(4);
    await expect(greyY.getByTestId('sku-price')).toHaveValue('219.50');
  });
});
