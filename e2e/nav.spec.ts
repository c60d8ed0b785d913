import { expect, test } from './fixtures.ts';

test('the header leads from the home feed to the following feed', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: '关注', exact: true }).first();
  await expect(link).toHaveAttribute('href', '/following');
  await link.click();
  await expect(page).toHaveURL(/\/following$/);
});

test('on a phone the feed strip shows the feed you are on, also the last one', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the strip scrolls on phones only; the desktop header shows every feed');
  const nav = page.getByRole('navigation', { name: '主导航' });
  for (const [path, label] of [
    ['/exp', '经验'],
    ['/', '推荐'],
  ] as const) {
    await page.goto(path);
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('aria-current', 'page');
    const [box, strip] = await Promise.all([link.boundingBox(), nav.boundingBox()]);
    if (!box || !strip) throw new Error('the strip and its link are on screen');
    expect(box.x, `${label} starts inside the strip`).toBeGreaterThanOrEqual(strip.x - 1);
    expect(box.x + box.width, `${label} ends inside the strip`).toBeLessThanOrEqual(strip.x + strip.width + 1);
  }
});
