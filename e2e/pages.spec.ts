import { expect, test } from './fixtures.ts';
import { E2E_BASE_URL } from './support/constants.ts';

test.describe('information pages', () => {
  test('visitor reads the privacy policy, a plain document without the site chrome', async ({ page }) => {
    const response = await page.goto('/privacy-policy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('隐私政策');
    // Real content, not a stub: sections on what is collected, how it is used, the reader's rights.
    const sections = page.getByRole('heading', { level: 2 });
    expect(await sections.count()).toBeGreaterThanOrEqual(5);
    await expect(page.getByRole('heading', { level: 2, name: /收集/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /权利/ })).toBeVisible();
    // Layout "none": no site header or tab bar around the document.
    await expect(page.locator('header')).toHaveCount(0);
  });

  test('visitor opens the download page and finds how to get the app', async ({ page }) => {
    const response = await page.goto('/download');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('车友圈');
    await expect(page.getByRole('heading', { name: '添加到手机主屏幕' })).toBeVisible();
    // The QR code encodes this site's own address and is a real, decodable image.
    const qr = page.getByTestId('download-qr');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('alt', new RegExp(E2E_BASE_URL.replace(/[.]/g, '\\.')));
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
