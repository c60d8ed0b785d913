import { pushPreferencesGet } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test, VIEWPORT_FREE } from './fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import { loginInBrowser } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

// The installable app (issue 21, docs/decisions/0027-pwa-push.md): manifest, service
// worker, the offline page with the last feed, and the push settings.

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Resolves once a service worker controls the page (it claims open pages as it activates). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test.describe('pwa', () => {
  // Blocked for every other journey (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('the manifest is linked, served as a manifest, and names 车友圈 with PNG icons', { tag: VIEWPORT_FREE }, async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    // iOS finds /apple-touch-icon.png at the root by itself (no <link> on every page).
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(0);
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveCount(1);

    const answer = await request.get(href ?? '');
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: '车友圈', short_name: '车友圈', start_url: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of [...pngs, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const file = await request.get(icon.src);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  test('the service worker controls the page, and an offline reload shows the last feed', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    // The home page keeps its feed for offline reading once the page is idle.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cached = await (await caches.open('evcircle-offline')).match('/__offline/last-feed.json');
          return cached ? ((await cached.json()) as { posts: { title: string }[] }).posts.length : 0;
        }),
      )
      .toBeGreaterThan(0);
    const titles = await page.evaluate(async () => {
      const cached = await (await caches.open('evcircle-offline')).match('/__offline/last-feed.json');
      const feed = cached ? ((await cached.json()) as { posts: { title: string }[] }) : { posts: [] };
      return feed.posts.map((post) => post.title);
    });

    await context.setOffline(true);
    try {
      // NOTE: not page.reload(): the fixture's reload waits for the app, and the offline page has none.
      await page.evaluate(() => location.reload());
      const offline = page.getByTestId('offline-page');
      await expect(offline).toBeVisible();
      await expect(offline.getByRole('heading', { name: '网络连接已断开' })).toBeVisible();
      await expect(offline.getByTestId('offline-post').first()).toContainText(titles[0] ?? '');
      await expect(offline.getByTestId('offline-post')).toHaveCount(titles.length);
      await shoot(page, testInfo.project.name, 'pwa-offline');
    } finally {
      await context.setOffline(false);
    }
  });

  test('settings › 推送通知: the per-kind switches save for the account', async ({ page, context }, testInfo) => {
    const me = await loginInBrowser(context);
    await page.goto('/settings');
    const section = page.locator('section#push');
    await expect(section.getByRole('heading', { name: '推送通知' })).toBeVisible();
    const replies = section.getByRole('switch', { name: '回复' });
    await expect(replies).toHaveAttribute('aria-checked', 'true');
    await expect(replies).toBeEnabled();
    await replies.click();
    await expect(replies).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('已保存')).toBeVisible();
    await expect.poll(async () => (await me.api.call(pushPreferencesGet, {})).replies).toBe(false);

    await page.reload();
    await expect(section.getByRole('switch', { name: '回复' })).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByRole('switch', { name: '私信' })).toHaveAttribute('aria-checked', 'true');
    await section.scrollIntoViewIfNeeded();
    await shoot(page, testInfo.project.name, 'pwa-push-settings');
  });

  test.describe('with the worker in control, a code chunk gone from the server', () => {
    test.use({ allowedConsoleErrors: [/\/assets\/privacy-policy-[\w-]+\.js\b|Failed to load resource/] });

    test('still reloads the page once, then shows the error page (features/platform)', { tag: ONE_VIEWPORT }, async ({
      page,
      context,
    }) => {
      // context.route: it also sees the worker's own requests (page.route would not).
      await context.route(/\/assets\/privacy-policy-[\w-]+\.js$/, (route) =>
        route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }),
      );
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.goto('/download');
      await waitForServiceWorker(page);
      const before = loads;
      await page.getByRole('link', { name: '隐私政策' }).click();
      await expect.poll(() => loads, { message: 'the page reloads once' }).toBe(before + 1);
      await expect(page).toHaveURL(/\/download$/);
      await waitForHydration(page);
      await page.getByRole('link', { name: '隐私政策' }).click();
      await expect(page.getByRole('heading', { name: '出错了' })).toBeVisible();
      expect(loads, 'no second reload').toBe(before + 1);
    });
  });
});
