import { postsNoAds } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORT_FREE } from './fixtures.ts';
import { shoot } from './support/screenshots.ts';

const PREFIXES = ['/m/components', '/post/components', '/m/post/components'] as const;
const NAMES = [
  'skeletons',
  'comment-input',
  'top-nav',
  'image-carousel',
  'video-thumbnail',
  'right-buttons',
  'down-buttons',
] as const;

/** Every request the page sends that could change something (the previews send none). */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.method() !== 'HEAD') writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

test.describe('component previews', () => {
  test('each prefix lists every component, marked noindex in its tags and headers', { tag: VIEWPORT_FREE }, async ({
    request,
  }) => {
    for (const prefix of PREFIXES) {
      const response = await request.get(prefix);
      expect(response.status(), prefix).toBe(200);
      expect(response.headers()['x-robots-tag'], prefix).toBe('noindex');
      const html = await response.text();
      expect(html, prefix).toContain('<meta name="robots" content="noindex"/>');
      for (const name of NAMES) expect(html, `${prefix} lists ${name}`).toContain(`href="${prefix}/${name}"`);
    }
    const one = await request.get('/m/post/components/top-nav');
    expect(one.headers()['x-robots-tag']).toBe('noindex');
    expect(await one.text()).toContain('<meta name="robots" content="noindex"/>');
  });

  test('an unknown component is the 404 page', { tag: VIEWPORT_FREE }, async ({ request }) => {
    for (const prefix of PREFIXES) {
      const response = await request.get(`${prefix}/no-such-thing`);
      expect(response.status(), prefix).toBe(404);
      expect(await response.text()).toContain(`Page not found: ${prefix}/no-such-thing`);
    }
  });

  test('each component renders alone with its sample data, in its prefix’s layout, and writes nothing', async ({
    page,
    isMobile,
  }, testInfo) => {
    const writes = watchWrites(page);
    const open = async (prefix: (typeof PREFIXES)[number], name: (typeof NAMES)[number]) => {
      await page.goto(`${prefix}/${name}`);
      const preview = page.getByTestId(`preview-${name}`);
      // The component's code loads after the page's: taps wait for it.
      await expect(preview).toHaveAttribute('data-ready', 'true');
      await expect(page.locator('[data-layout]').first()).toHaveAttribute(
        'data-layout',
        prefix === '/post/components' ? (isMobile ? 'post-mobile' : 'post-desktop') : 'mobile',
      );
      return preview;
    };
    const toast = page.getByText('预览页中的操作不会生效');

    let preview = await open('/m/components', 'skeletons');
    await expect(preview.getByTestId('post-skeleton')).toHaveCount(3);
    await expect(preview.getByTestId('comments-skeleton')).toBeVisible();

    preview = await open('/post/components', 'comment-input');
    await expect(preview.getByTestId('comment-composer')).toHaveCount(3);
    await expect(preview.getByTestId('composer-reply-to')).toContainText('续航焦虑者');
    await expect(preview.getByTestId('comment-login')).toBeVisible();
    await preview.getByTestId('comment-input').first().fill('好车！');
    await preview.getByTestId('comment-send').first().click();
    await expect(toast).toBeVisible();
    await expect(preview.getByTestId('comment-input').first()).toHaveValue('好车！');

    preview = await open('/m/post/components', 'top-nav');
    await expect(preview.getByRole('navigation', { name: '主导航' })).toHaveCount(2);

    preview = await open('/m/components', 'image-carousel');
    const carousel = preview.getByTestId('post-carousel').first();
    await expect(carousel).toBeVisible();
    await expect(carousel.locator('img').first()).toHaveJSProperty('complete', true);
    expect(
      await carousel
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await shoot(page, testInfo.project.name, 'preview-image-carousel', { fullPage: true });

    preview = await open('/post/components', 'video-thumbnail');
    const card = preview.getByTestId('post-card');
    await expect(card).toContainText('视频');
    await expect(card).toContainText('冬季高速续航实测');
    await card.getByTestId('post-card-link').click();
    await expect(toast).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/post/components/video-thumbnail');

    for (const name of ['right-buttons', 'down-buttons'] as const) {
      preview = await open('/m/post/components', name);
      const likes = preview.getByTestId('post-like');
      await expect(likes).toHaveCount(2);
      await expect(likes.nth(0)).toHaveAttribute('aria-pressed', 'false');
      await expect(likes.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await likes.nth(0).click();
      await expect(likes.nth(0)).toHaveAttribute('aria-pressed', 'true');
      await expect(likes.nth(0).getByTestId('post-like-count')).toHaveText('1289');
    }
    await shoot(page, testInfo.project.name, 'preview-down-buttons');

    expect(writes, 'the previews send no write').toEqual([]);
  });
});

test.describe('/pagination-test', () => {
  test('the shared paged list loads the next page, fails on demand and retries, by the chosen size', async ({
    page,
    api,
  }, testInfo) => {
    const second = await api.call(postsNoAds, { page: 2, size: 5 });
    expect(second.length, 'the seed has a second page of 5').toBeGreaterThan(0);

    const response = await page.goto('/pagination-test?size=5');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The list's code loads after the page's: taps wait for it.
    await expect(page.getByTestId('pagination-test')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('paging-size-5')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('paging-page')).toHaveText('1');
    await expect(page.getByTestId('paging-row')).toHaveCount(5);
    await expect(page.getByTestId('paging-status')).toHaveText('空闲');

    // The next request fails (the switch turns itself off): the error state and its retry.
    await page.getByTestId('paging-fail-next').click();
    await page.getByTestId('paging-load-more').click();
    await expect(page.getByTestId('paging-status')).toHaveText('出错');
    await expect(page.getByTestId('paging-load-more')).toHaveText('加载失败，点击重试');
    await expect(page.getByTestId('paging-fail-next')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('paging-page')).toHaveText('1');

    // The retry brings page 2 under page 1.
    await page.getByTestId('paging-load-more').click();
    await expect(page.getByTestId('paging-page')).toHaveText('2');
    await expect(page.getByTestId('paging-count')).toHaveText(String(5 + second.length));
    await expect(page.locator('[data-testid="paging-row"][data-page="2"]')).toHaveCount(second.length);
    await shoot(page, testInfo.project.name, 'pagination-test', { fullPage: true });

    // Another size starts over from page 1.
    await page.getByTestId('paging-size-10').click();
    await expect(page).toHaveURL(/\?size=10$/);
    await expect(page.getByTestId('paging-page')).toHaveText('1');
    await expect(page.getByTestId('paging-row')).toHaveCount(10);
  });
});
