import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { waitForHydration } from './support/hydration.ts';

/** The privacy page's route module: React Router imports it on the first client navigation there. */
const PRIVACY_CHUNK = /\/assets\/privacy-policy-[\w-]+\.js$/;

test.describe('a page whose code chunk cannot be loaded', () => {
  // The browser and React Router log the missing chunk (each line names it); nothing else may be logged.
  test.use({ allowedConsoleErrors: [/\/assets\/privacy-policy-[\w-]+\.js\b/] });

  test('reader clicking through gets one reload in 10 s, then the error page, never a loop', {
    tag: ONE_VIEWPORT,
  }, async ({ page }) => {
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    let chunkRequests = 0;
    // An old deployment's chunk, gone from the server: every request for it answers 404.
    await page.route(PRIVACY_CHUNK, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' });
    });

    await page.goto('/download');
    expect(loads).toBe(1);

    // First failure: the page the reader is on reloads (same URL), hoping for fresh code.
    await page.getByRole('link', { name: '隐私政策' }).click();
    await expect.poll(() => loads, { message: 'the page reloads once' }).toBe(2);
    await expect(page).toHaveURL(/\/download$/);
    await waitForHydration(page);

    // Second failure within 10 s on the same path: no reload, the error page instead.
    await page.getByRole('link', { name: '隐私政策' }).click();
    await expect(page.getByRole('heading', { name: '出错了' })).toBeVisible();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(chunkRequests, 'both clicks asked for the chunk').toBe(2);
    expect(loads, 'no second reload').toBe(2);
  });
});
