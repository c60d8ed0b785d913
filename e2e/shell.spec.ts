import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commentSave } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, PHONE_ONLY, test, VIEWPORT_FREE } from './fixtures.ts';
import { E2E_BASE_URL, E2E_DATA_DIR } from './support/constants.ts';
import { loginByApi } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

// The shell (issue 21): links in user content lead through 即将离开车友圈 to other sites,
// the layout follows the viewport and is corrected when found wrong, and the pages that
// must stand alone (checkout) have no site navigation.

/** The fake site's origin, which serve.mjs wrote into the e2e server's data folder. */
function linkSiteOrigin(): string {
  const file = join(E2E_DATA_DIR, 'fake-link-site.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { origin: string }).origin;
}

/** The fake site's UTF-8 page's <title> (e2e/support/fake-link-site.mjs). */
const UTF8_TITLE = '充电桩评测合集';

/** Resolves after the number of layout checks on the page grows past `before`. */
async function expectLayoutChecked(page: Page, before: number) {
  await expect
    .poll(async () => Number((await page.locator('html').getAttribute('data-layout-checks')) ?? 0))
    .toBeGreaterThan(before);
}

async function layoutChecks(page: Page): Promise<number> {
  return Number((await page.locator('html').getAttribute('data-layout-checks')) ?? 0);
}

test.describe('external links', () => {
  // The fake site has no icon: on a phone the journey's own tab reaches it and logs its 404.
  test.use({ allowedConsoleErrors: [/status of 404 .* @ http:\/\/127\.0\.0\.1:\d+\/favicon\.ico$/] });

  test('a link in a post leads through 即将离开车友圈 to the other site; comments link the same way', async ({
    page,
    isMobile,
  }, testInfo) => {
    const site = linkSiteOrigin();
    const postUrl = `${site}/utf8?from=post`;
    const commentUrl = `${site}/utf8?from=comment`;
    const author = await loginByApi();
    const pid = await publishImagePost(author, 'travel', `充电路线分享\n充电桩评测看这里：${postUrl}，很有用。`);
    await author.api.call(commentSave, {
      pid,
      content: `补充一个（${commentUrl}）。站内的也行：${E2E_BASE_URL}/download`,
    });

    await page.goto(`/post/${pid}`);
    const postLink = page.getByTestId('post-content').getByTestId('user-link');
    // The address alone is the link: the Chinese punctuation after it stays text.
    await expect(postLink).toHaveText(postUrl);
    await expect(postLink).toHaveAttribute('href', `/go?url=${encodeURIComponent(postUrl)}`);
    await expect(postLink).toHaveAttribute('rel', 'noopener noreferrer ugc');

    const comment = page.getByTestId('comment').first();
    const commentLinks = comment.getByTestId('user-link');
    await expect(commentLinks).toHaveCount(2);
    await expect(commentLinks.first()).toHaveText(commentUrl);
    await expect(commentLinks.first()).toHaveAttribute('href', `/go?url=${encodeURIComponent(commentUrl)}`);
    // Our own address stays a direct link.
    await expect(commentLinks.last()).toHaveAttribute('href', '/download');

    // Desktop: a new tab; phone: the same one.
    let leave = page;
    if (isMobile) {
      await expect(postLink).not.toHaveAttribute('target', '_blank');
      await postLink.click();
    } else {
      await expect(postLink).toHaveAttribute('target', '_blank');
      const popup = page.waitForEvent('popup');
      await postLink.click();
      leave = await popup;
    }
    await expect(leave.getByRole('heading', { name: '即将离开车友圈' })).toBeVisible();
    await expect(leave.getByTestId('leave-host')).toHaveText(new URL(site).host);
    await expect(leave.getByTestId('leave-url')).toHaveText(postUrl);
    await expect(leave.locator('[data-layout="nonav"]')).toBeVisible();
    await expect(leave.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await shoot(leave, testInfo.project.name, 'leave-page');

    const onward = leave.getByTestId('leave-continue');
    await expect(onward).toHaveAttribute('rel', 'noopener noreferrer ugc');
    await onward.click();
    await leave.waitForURL(postUrl);
    await expect(leave).toHaveTitle(UTF8_TITLE);
  });

  test(`the interstitial renders without script and refuses javascript: and data: addresses ${VIEWPORT_FREE}`, async ({
    request,
  }) => {
    const ok = await request.get(`/go?url=${encodeURIComponent('https://example.com/a?b=1')}`);
    expect(ok.status()).toBe(200);
    expect(ok.headers()['x-robots-tag']).toContain('noindex');
    const html = await ok.text();
    expect(html).toContain('即将离开车友圈');
    expect(html).toMatch(/<a href="https:\/\/example\.com\/a\?b=1" rel="noopener noreferrer ugc"/);

    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const refused = await request.get(`/go?url=${encodeURIComponent(bad)}`);
      expect(refused.status()).toBe(400);
      const text = await refused.text();
      expect(text).toContain('无法打开这个链接');
      expect(text).toContain('只能打开以 http:// 或 https:// 开头的网页链接');
      expect(text).not.toContain('href="javascript:');
      expect(text).not.toContain('href="data:');
    }
  });
});

test.describe('layout choice', () => {
  // A desktop window is resized: the desktop project alone (a phone's viewport is its screen).
  test('a desktop window resized across 768 px switches layouts, and the check finds them right', {
    tag: ONE_VIEWPORT,
  }, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-layout="default-desktop"]')).toBeVisible();
    await expectLayoutChecked(page, 0);
    await expect(page.locator('html')).toHaveAttribute('data-layout-check', 'right');
    // Nothing is fetched ahead for phones on desktop.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 1000 })));
    await expect(page.locator('link[data-mobile-preload]')).toHaveCount(0);

    let before = await layoutChecks(page);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(page.locator('[data-layout="default-mobile"]')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    await expectLayoutChecked(page, before);
    await expect(page.locator('html')).toHaveAttribute('data-layout-check', 'right');

    before = await layoutChecks(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('[data-layout="default-desktop"]')).toBeVisible();
    await expectLayoutChecked(page, before);
    await expect(page.locator('html')).toHaveAttribute('data-layout-check', 'right');
  });

  test.describe('when the layout was drawn from a wrong width', () => {
    test.use({ allowedConsoleErrors: [/\[layout\] wrong layout in use: "default-desktop".*mobile layout/] });

    // A desktop window is made narrow: the desktop project alone.
    test('the check one second after load logs the error and redraws the mobile layout', {
      tag: ONE_VIEWPORT,
    }, async ({ page }) => {
      // A browser that reports a stale window width (as some in-app browsers do after a
      // rotation): the layouts are drawn for 1280 px while the CSS sees 600 px.
      await page.addInitScript(() => {
        Object.defineProperty(window, 'innerWidth', { get: () => 1280, configurable: true });
      });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.setViewportSize({ width: 600, height: 800 });
      await page.goto('/');
      await expect(page.locator('[data-layout="default-mobile"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-layout-check', 'corrected');
      expect(errors).toEqual([expect.stringMatching(/wrong layout in use: "default-desktop".*the mobile layout/)]);
      await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    });
  });

  test('a phone fetches the next screen ahead: the post page code and two post images', {
    tag: PHONE_ONLY,
  }, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-layout="default-mobile"]')).toBeVisible();
    await expect(page.locator('link[rel="prefetch"][as="image"][data-mobile-preload]')).toHaveCount(2);
    // 390 px at 3× is 1170 device pixels: the carousel's 1440 w picture.
    for (const href of await page
      .locator('link[rel="prefetch"][as="image"][data-mobile-preload]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/files\/.+\?imageView2\/2\/w\/1440\/format\/webp$/);
    }
    const postModule = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
          .__reactRouterManifest.routes['routes/post']?.module,
    );
    expect(postModule).toBeTruthy();
    await expect(page.locator(`link[rel="modulepreload"][data-mobile-preload][href="${postModule}"]`)).toHaveCount(1);
  });
});

test.describe('pages that stand alone', () => {
  test('checkout has no site navigation, only the quiet nonav frame', async ({ page, reader }, testInfo) => {
    expect(reader.token).toBeTruthy();
    await page.goto('/checkout');
    const frame = page.locator('[data-layout="nonav"]');
    await expect(frame).toBeVisible();
    await expect(frame.locator('header')).toContainText('车友圈');
    await expect(frame.locator('header a')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    // Nothing chosen: said so, with the way back to the cart.
    await expect(page.getByTestId('checkout-refused')).toContainText('没有选择要结算的商品');
    await expect(page.getByTestId('checkout-refused').getByRole('link', { name: '返回购物车' })).toHaveAttribute(
      'href',
      '/cart',
    );
    await shoot(page, testInfo.project.name, 'checkout-nonav', { settleMs: 300 });
  });
});
