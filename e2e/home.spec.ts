import { type Post, postsNoAds } from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test, VIEWPORT_FREE } from './fixtures.ts';

const PAGE_SIZE = 20;

/** How a card shows a like count: the number, or 1.2万 from ten thousand up. */
function likeCountText(likes: number): RegExp {
  if (likes < 10_000) return new RegExp(`(^|\\D)${likes}(\\D|$)`);
  return /\d+(\.\d)?万/;
}

/** The post ids of the cards in server HTML, in document order. */
function pidsInHtml(html: string): number[] {
  return [
    ...html.matchAll(/data-testid="post-card"[^>]*?data-pid="(\d+)"|data-pid="(\d+)"[^>]*?data-testid="post-card"/g),
  ].map((m) => Number(m[1] ?? m[2]));
}

async function cardPids(cards: Locator): Promise<number[]> {
  return (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-pid')))).map(Number);
}

/** One rendered card shows the post the API says it shows: author, like count, an image. */
async function expectCardShowsPost(card: Locator, post: Post) {
  const text = (await card.innerText()).replace(/\s+/g, ' ');
  expect(text, `card ${post.pid} names its author`).toContain(post.uname);
  expect(text, `card ${post.pid} shows its like count (${post.likenum})`).toMatch(likeCountText(post.likenum));
  await expect(card.locator('img').first(), `card ${post.pid} has a cover`).toBeAttached();
}

/** The first card's cover really loaded: the image rules and /files resizing both work. */
async function expectCoverLoaded(page: Page, pid: number) {
  const cover = page.locator(`[data-testid="post-card"][data-pid="${pid}"] img`).first();
  await cover.scrollIntoViewIfNeeded();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      message: `the cover of post ${pid} loads`,
    })
    .toBe(true);
}

test.describe('home feed', () => {
  test('reader gets the first page of the feed rendered on the server', { tag: VIEWPORT_FREE }, async ({
    request,
    api,
  }) => {
    // Journeys running beside this one publish posts: the page is compared with the feed
    // the API answered just before and just after it, and read again when one came between.
    const pidsOf = (posts: { pid: number }[]) => posts.map((p) => p.pid).sort();
    await expect(async () => {
      const feed = await api.call(postsNoAds, { page: 1, size: PAGE_SIZE });
      expect(feed.length, 'the e2e seed has a full first page').toBe(PAGE_SIZE);
      const response = await request.get('/');
      expect(response.status()).toBe(200);
      const html = await response.text();
      const feedAfter = await api.call(postsNoAds, { page: 1, size: PAGE_SIZE });
      expect(pidsOf(feedAfter), 'no post was published meanwhile').toEqual(pidsOf(feed));
      expect(html).toContain('data-testid="feed-grid"');
      expect(pidsInHtml(html).sort()).toEqual(pidsOf(feed));
      for (const post of feed) expect(html, `post ${post.pid}'s author is in the HTML`).toContain(post.uname);
    }).toPass({ timeout: 20_000 });
  });

  test('a cover that cannot be shown leaves a neutral box on its card, not a broken image', {
    tag: ONE_VIEWPORT,
  }, async ({ page, api }) => {
    // As a server without ffmpeg answers a video's cover: the envelope, not a picture.
    await page.route(/\/files\/.+\?(vframe|imageView2)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"status":5003,"data":null,"message":"x"}',
      }),
    );
    const feed = await api.call(postsNoAds, { page: 1, size: PAGE_SIZE });
    await page.goto('/');
    const first = page.locator(`[data-testid="post-card"][data-pid="${feed[0]!.pid}"]`);
    // Failed before the page was interactive (the first screen's covers) or after: a neutral box either way.
    await expect(first.getByTestId('image-missing')).toBeVisible();
    await expect(first.locator('img')).toHaveCount(1); // the author's avatar only
    const box = await first.getByTestId('image-missing').boundingBox();
    expect(box?.height, 'the box keeps its place').toBeGreaterThan(100);
    await expect(first).toContainText(feed[0]!.uname);
  });

  test('reader sees cards with cover, author and like count', async ({ page, api }) => {
    const feed = await api.call(postsNoAds, { page: 1, size: PAGE_SIZE });
    await page.goto('/');
    const cards = page.getByTestId('feed-grid').getByTestId('post-card');
    await expect(cards.first()).toBeVisible();
    // Every post of the first page has its card (the next page may already be on its way).
    expect(await cardPids(cards)).toEqual(expect.arrayContaining(feed.map((p) => p.pid)));
    for (const post of feed.slice(0, 8)) {
      await expectCardShowsPost(page.locator(`[data-testid="post-card"][data-pid="${post.pid}"]`), post);
    }
    await expectCoverLoaded(page, feed[0]!.pid);
  });

  test('reader scrolls down and the next page loads, with skeletons while it comes', { tag: ONE_VIEWPORT }, async ({
    page,
    api,
  }) => {
    const secondPage = await api.call(postsNoAds, { page: 2, size: PAGE_SIZE });
    expect(secondPage.length, 'the e2e seed has a second page').toBeGreaterThan(0);

    // Slow the browser's own feed calls a little, so the skeletons stay up long enough to see.
    await page.route('**/api/v1/cms/posts/no-ads?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('/');
    const cards = page.getByTestId('feed-grid').getByTestId('post-card');
    await expect(cards.first()).toBeVisible();

    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByTestId('post-skeleton').first()).toBeVisible({ timeout: 1_000 });
    }, 'skeletons show while the next page loads').toPass();
    await expect
      .poll(() => cardPids(cards), { message: 'the second page of posts is added to the grid' })
      .toEqual(expect.arrayContaining(secondPage.map((p) => p.pid)));
    await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
    const pids = await cardPids(cards);
    expect(new Set(pids).size, 'no post is shown twice').toBe(pids.length);
  });

  test('/home shows the same feed as /, without redirecting', { tag: ONE_VIEWPORT }, async ({ page, request }) => {
    const home = await request.get('/home', { maxRedirects: 0 });
    expect(home.status()).toBe(200);
    const root = await request.get('/');
    expect(pidsInHtml(await home.text())).toEqual(pidsInHtml(await root.text()));

    await page.goto('/home');
    await expect(page.getByTestId('feed-grid').getByTestId('post-card').first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/home');
  });
});

test.describe('a lean first load', () => {
  // docs/decisions/0011: what most first visits never open is fetched when first opened.
  test('the login dialog and the post modal load only when first opened', { tag: VIEWPORT_FREE }, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(loaded('login-dialog'), 'the login dialog is not in the first load').toBe(false);
    expect(loaded('post-modal-host'), 'the post modal is not in the first load').toBe(false);

    await page.getByTestId('header-login').click();
    await expect(page.getByRole('dialog', { name: '登录车友圈' })).toBeVisible();
    expect(loaded('login-dialog')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '登录车友圈' })).toHaveCount(0);

    await page.getByTestId('post-card-link').first().click();
    await expect(page.getByTestId('post-modal')).toBeVisible();
    expect(loaded('post-modal-host')).toBe(true);
  });

  test('the page paints, and its first covers arrive, before its JavaScript is fetched', {
    tag: VIEWPORT_FREE,
  }, async ({ page }) => {
    await page.goto('/');
    // Hydrated: the login button opens the dialog.
    await page.getByTestId('header-login').click();
    await expect(page.getByRole('dialog', { name: '登录车友圈' })).toBeVisible();
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const covers = [...document.querySelectorAll('img[fetchpriority="high"]')].map(
        (img) => (img as HTMLImageElement).currentSrc,
      );
      return {
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
        scripts: resources
          .filter((r) => r.initiatorType !== 'img' && r.name.includes('/assets/') && r.name.endsWith('.js'))
          .map((r) => r.startTime),
        covers: resources.filter((r) => covers.includes(r.name)).map((r) => r.responseEnd),
      };
    });
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(timing.covers.length).toBeGreaterThan(0);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(Math.max(...timing.covers));
  });
});
