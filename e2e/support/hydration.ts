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
 * After a page load: where the page defers its app until its first covers have arrived (it
 * has the loader script), waits for the app as a reader would before the first tap.
 */
export async function waitForDeferredApp(page: Page): Promise<void> {
  if ((await page.locator('script[data-app-loader]').count()) > 0) await waitForHydration(page);
}
