import { expect, type Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page: the app marks <html data-app="running"> then
 * (features/platform). A tap before it does nothing; a page with first-screen covers
 * fetches its JavaScript once they have arrived (docs/decisions/0011).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
}

/**
 * After a page load: waits for the app as a reader's first tap would (a page with
 * first-screen covers even fetches it only once they have arrived). A document without
 * the app's scripts (an image, a JSON answer) is left as it is.
 */
export async function waitForApp(page: Page): Promise<void> {
  if ((await page.locator('script[type="module"], script[data-app-loader]').count()) > 0) await waitForHydration(page);
}
