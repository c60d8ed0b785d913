import { expect, test } from './fixtures.ts';

test('the header leads from the home feed to the following feed', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: '关注', exact: true }).first();
  await expect(link).toHaveAttribute('href', '/following');
  await link.click();
  await expect(page).toHaveURL(/\/following$/);
});
