import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN_MOBILES } from './support/constants.ts';
import { loginByApi, useSession } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

/** Adds a top category with an icon name through the admin's category form; answers its cid. */
async function addCategoryWithIcon(page: Page, name: string, icon: string): Promise<number> {
  const manager = page.getByTestId('category-manager');
  await manager.getByTestId('category-add-top').click();
  await manager.getByTestId('category-name').fill(name);
  await manager.getByTestId('category-icon').fill(icon);
  await manager.getByTestId('category-name-save').click();
  const node = manager.locator(`[data-testid="category-node"][data-name="${name}"]`);
  await expect(node).toBeVisible();
  return Number(await node.getAttribute('data-cid'));
}

test.describe('category icons', () => {
  test('an admin sets a category icon by name; the shop draws it from the local icon endpoint', async ({
    page,
    context,
    isMobile,
  }, testInfo) => {
    const project = testInfo.project.name;
    const admin = await loginByApi({ mobile: E2E_ADMIN_MOBILES[isMobile ? 'iconsMobile' : 'iconsDesktop'] });
    await useSession(context, admin.token);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const tag = String(randomInt(10_000, 100_000));
    const missing = `mdi:no-such-icon-${tag}`;

    await page.goto('/admin/products');
    if (isMobile) await page.getByTestId('admin-tab-categories').click();
    const manager = page.getByTestId('category-manager');

    // The form previews the icon as the name is typed, and says when a name is not one.
    await manager.getByTestId('category-add-top').click();
    await manager.getByTestId('category-icon').fill('car-battery');
    await expect(manager.getByTestId('category-icon')).toHaveAttribute('aria-invalid', 'true');
    await manager.getByTestId('category-icon').fill('mdi:car-battery');
    await expect(manager.getByTestId('category-icon')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(manager.getByTestId('category-icon-preview').locator('svg[data-icon-state="loaded"]')).toBeVisible();
    await manager.getByRole('button', { name: '取消' }).click();

    const good = await addCategoryWithIcon(page, `电池${tag}`, 'mdi:car-battery');
    const bad = await addCategoryWithIcon(page, `坏图标${tag}`, missing);
    await expect(
      manager.locator(`[data-testid="category-node"][data-cid="${good}"] svg[data-icon="mdi:car-battery"]`).first(),
    ).toBeVisible();

    // The shop: the icon comes from /api/icons as an SVG; the missing one is a quiet box.
    const iconRequest = page.waitForRequest((request) => /\/api\/icons\/mdi\.json\?icons=/.test(request.url()));
    await page.goto('/shop');
    const request = await iconRequest;
    expect(new URL(request.url()).origin).toBe(new URL(page.url()).origin);
    expect(request.url().length).toBeLessThanOrEqual(500);
    const entry = (cid: number) =>
      page.locator(`[data-testid="${isMobile ? 'strip-category' : 'rail-category'}"][data-cid="${cid}"]`);
    const svg = entry(good).locator('svg[data-icon="mdi:car-battery"][data-icon-state="loaded"]');
    await expect(svg).toBeVisible();
    await expect(svg.locator('path')).toHaveCount(1);
    const box = await svg.boundingBox();
    expect(box?.width).toBe(16);
    await expect(entry(bad).locator('[data-icon-state="missing"]')).toBeVisible();
    await expect(entry(bad)).toContainText(`坏图标${tag}`);
    await expect.poll(() => warnings.some((text) => text.includes(missing))).toBe(true);

    await entry(good).scrollIntoViewIfNeeded();
    await shoot(page, project, 'shop-category-icons');

    // The category still opens from its entry.
    await entry(good).click();
    await expect(page.getByTestId('breadcrumb')).toContainText(`电池${tag}`);
  });
});
