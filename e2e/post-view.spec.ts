import { PAGE_SIZE, type Post, postDetail, postsNoAds, THEME_FEEDS } from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, PHONE_ONLY, test, VIEWPORT_FREE } from './fixtures.ts';
import { E2E_BASE_URL } from './support/constants.ts';
import { decode, metaContent } from './support/html.ts';
import { waitForApp } from './support/hydration.ts';
import { loginByApi } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { drag } from './support/touch.ts';

const GOOGLEBOT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/126.0.0.0 Safari/537.36';

/** The modal keys of the address, or null when the modal is closed. */
function modalParams(page: Page): { postId: number; index: number } | null {
  const url = new URL(page.url());
  if (url.searchParams.get('modal') !== 'true') return null;
  return { postId: Number(url.searchParams.get('postId')), index: Number(url.searchParams.get('index')) };
}

/**
 * A card whose link is wholly on screen, below the sticky header: Playwright scrolls a
 * link that is partly off screen into view before clicking it, which would move the
 * list under the test.
 */
async function cardInView(page: Page): Promise<Locator> {
  const pid = await page.getByTestId('post-card').evaluateAll((cards) => {
    const inView = cards.find((card) => {
      const box = (card.querySelector('[data-testid="post-card-link"]') ?? card).getBoundingClientRect();
      return box.top > 80 && box.bottom < window.innerHeight - 8;
    });
    return inView?.getAttribute('data-pid') ?? null;
  });
  expect(pid, 'a card is on screen').not.toBeNull();
  return page.locator(`[data-testid="post-card"][data-pid="${pid}"]`);
}

/** Scrolls the list well down, loading the next page, and answers where it came to rest. */
async function scrollDown(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Let the next page (fetched as the bottom nears) settle, so nothing moves under the test.
  await expect(page.getByTestId('post-skeleton')).toHaveCount(0);
  await page.waitForTimeout(300);
  return page.evaluate(() => window.scrollY);
}

test.describe('post view', () => {
  test('reader opens a post from the feed as a modal, goes to the next, closes and is back at the same place', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const scrollBefore = await scrollDown(page);
    const cardCount = await page.getByTestId('post-card').count();

    const card = await cardInView(page);
    const pid = Number(await card.getAttribute('data-pid'));
    await card.getByTestId('post-card-link').click();

    const modal = page.getByTestId('post-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('post-view')).toHaveAttribute('data-pid', String(pid));
    const opened = modalParams(page);
    expect(opened?.postId, 'the address names the post').toBe(pid);
    expect(new URL(page.url()).pathname).toBe('/');
    // The cards are still real links to the post page (new tabs, crawlers).
    await expect(card.getByTestId('post-card-link')).toHaveAttribute('href', `/post/${pid}`);

    // Next: the side button (and the arrow key) on desktop, a sideways swipe on phones.
    if (isMobile) {
      const body = modal.getByTestId('post-body');
      const box = await body.boundingBox();
      if (!box) throw new Error('no post body');
      const y = box.y + Math.min(20, box.height / 2);
      await drag(page, { x: 340, y }, { x: 60, y }, 3);
    } else {
      await page.getByTestId('post-modal-next').click();
    }
    await expect.poll(() => modalParams(page)?.index).toBe((opened?.index ?? 0) + 1);
    const second = modalParams(page);
    expect(second?.postId).not.toBe(pid);
    await expect(modal.getByTestId('post-view')).toHaveAttribute('data-pid', String(second?.postId));
    await expect(page.locator(`[data-testid="post-card"][data-pid="${second?.postId}"]`)).toHaveCount(1);

    if (!isMobile) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => modalParams(page)?.index).toBe((opened?.index ?? 0) + 2);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => modalParams(page)?.index).toBe((opened?.index ?? 0) + 1);
    }

    // Close: Esc on desktop, the back arrow on phones. The list is exactly as it was.
    if (isMobile) await modal.getByTestId('post-modal-close').click();
    else await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    expect(modalParams(page)).toBeNull();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(await page.getByTestId('post-card').count()).toBe(cardCount);

    // Opened again, the browser's back button closes it too, with the same result.
    await (await cardInView(page)).getByTestId('post-card-link').click();
    await expect(modal).toBeVisible();
    await page.goBack();
    await expect(modal).toHaveCount(0);
    expect(modalParams(page)).toBeNull();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });

  test('a reload with the modal keys shows the modal again, rendered on the server', { tag: ONE_VIEWPORT }, async ({
    page,
    request,
    api,
  }) => {
    const [post] = await api.call(postsNoAds, { page: 1, size: 3 });
    if (!post) throw new Error('the seed has posts');
    const address = `/?modal=true&postId=${post.pid}&index=0`;

    const html = await (await request.get(address)).text();
    expect(html, 'the server renders the modal').toContain('data-testid="post-modal"');
    expect(html).toContain('data-testid="feed-grid"');

    await page.goto(address);
    const modal = page.getByTestId('post-modal');
    await expect(modal.getByTestId('post-view')).toHaveAttribute('data-pid', String(post.pid));
    await expect(modal.getByTestId('post-like-count')).toHaveText(String(post.likenum));
    // Closing a modal the page was loaded with stays on the page: the keys go, the list shows.
    await modal.getByTestId('post-modal-close').click();
    await expect(modal).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(modalParams(page)).toBeNull();
    await expect(page.getByTestId('feed-grid').getByTestId('post-card').first()).toBeVisible();
  });

  test('the post page is rendered on the server with title, description, og tags and canonical', {
    tag: VIEWPORT_FREE,
  }, async ({ request, api }) => {
    const [post] = await api.call(postsNoAds, { page: 1, size: 1 });
    if (!post) throw new Error('the seed has posts');

    const response = await request.get(`/post/${post.pid}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const firstLine = post.content.split('\n')[0]?.trim() ?? '';
    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
    expect(title.endsWith(' - 车友圈')).toBe(true);
    expect(firstLine.startsWith(title.replace(/ - 车友圈$/, '').replace(/…$/, ''))).toBe(true);
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    const image = decode(metaContent(html, 'property', 'og:image') ?? '');
    expect(image.startsWith(`${E2E_BASE_URL}/files/`), `og:image is absolute: ${image}`).toBe(true);
    expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/post/${post.pid}"`);
    // The whole post is in the HTML: author, text, the comments' place.
    expect(html).toContain('data-testid="post-view"');
    expect(html).toContain(post.uname);
    expect(decode(html)).toContain(firstLine);

    // The og:image really is an image.
    const cover = await request.get(image);
    expect(cover.status()).toBe(200);
    expect(cover.headers()['content-type']).toMatch(/^image\//);

    // The phone rendering has the same tags and points to /post/{id} as canonical.
    const mobile = await (await request.get(`/m/post/${post.pid}`)).text();
    expect(mobile).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/post/${post.pid}"`);
    expect(metaContent(mobile, 'property', 'og:type')).toBe('article');
    expect(mobile).toContain('data-layout="stacked"');
  });

  test('the post page shows the post, in the layout of the device', async ({ page, api, isMobile }) => {
    const [post] = await api.call(postDetail, { pid: (await api.call(postsNoAds, { page: 1, size: 1 }))[0]!.pid });
    if (!post) throw new Error('no post');
    await page.goto(`/post/${post.pid}`);
    const view = page.getByTestId('post-view');
    await expect(view).toHaveAttribute('data-layout', isMobile ? 'stacked' : 'split');
    await expect(view.getByTestId('post-author')).toContainText(post.uname);
    await expect(view.getByTestId('post-author').getByRole('link')).toHaveAttribute('href', `/user/${post.uid}`);
    await expect(view.getByTestId('post-like-count')).toHaveText(String(post.likenum));
    await expect(view.getByTestId('comment-section')).toBeVisible();
    if (post.imgpack.length > 1) {
      await expect(view.getByTestId('carousel-counter')).toHaveText(`1/${post.imgpack.length}`);
    }
  });

  test('a logged-in reader likes and unlikes a post; the count follows and survives a reload', async ({
    page,
    reader: user,
  }) => {
    // A post of its own, so no journey running beside this one (the other viewport's) likes it too.
    const post = { pid: await publishImagePost(await loginByApi(), 'travel', '点赞测试：洱海边的日落') };

    await page.goto(`/post/${post.pid}`);
    const like = page.getByTestId('post-like');
    const count = page.getByTestId('post-like-count');
    await expect(like).toHaveAttribute('data-liked', 'false');
    const before = Number(await count.textContent());

    await like.click();
    await expect(like).toHaveAttribute('data-liked', 'true');
    await expect(count).toHaveText(String(before + 1));
    await expect.poll(async () => (await user.api.call(postDetail, { pid: post.pid }))[0]?.islike).toBe(1);
    await page.reload();
    await expect(like).toHaveAttribute('data-liked', 'true');
    await expect(count).toHaveText(String(before + 1));

    await like.click();
    await expect(like).toHaveAttribute('data-liked', 'false');
    await expect(count).toHaveText(String(before));
    // The button answers at once; the server's answer comes after (a reload before it would cancel the call).
    await expect.poll(async () => (await user.api.call(postDetail, { pid: post.pid }))[0]?.islike).toBe(0);
    await page.reload();
    await expect(like).toHaveAttribute('data-liked', 'false');
    await expect(count).toHaveText(String(before));
  });

  test('a logged-out reader who taps like gets the login modal, and nothing is counted', { tag: ONE_VIEWPORT }, async ({
    page,
    api,
  }) => {
    // A post of its own: the feed's first post may be one a journey beside this one just
    // published and is liking (a new post tops the feed).
    const pid = await publishImagePost(await loginByApi(), 'travel', '未登录点赞测试：雪山下的充电站');
    const [post] = await api.call(postDetail, { pid });
    if (!post) throw new Error('no post');
    await page.goto(`/post/${post.pid}`);
    await expect(page.getByTestId('post-like')).toBeEnabled();
    // Wait for hydration: the button does nothing before it.
    await expect(page.getByTestId('comment-section')).toBeVisible();
    await expect(async () => {
      await page.getByTestId('post-like').click();
      await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.getByTestId('post-like')).toHaveAttribute('data-liked', 'false');
    const [after] = await api.call(postDetail, { pid: post.pid });
    expect(after?.likenum).toBe(post.likenum);
  });

  // Logged in, so the share counts for this reader (one per reader and post a day).
  test('share copies the link to the post and shows its QR code', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
    reader: _,
    api,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    const [post] = await api.call(postsNoAds, { page: 1, size: 2 });
    if (!post) throw new Error('no post');
    await page.goto(`/post/${post.pid}`);
    await expect(page.getByTestId('comment-section')).toBeVisible();

    // A click before hydration does nothing: click again until the sheet opens. Its code
    // loads with the first share (it is not part of the page's first load).
    await expect(async () => {
      await page.getByTestId('post-share').click();
      await expect(page.getByTestId('share-sheet')).toBeVisible({ timeout: 5000 });
    }).toPass();
    const sheet = page.getByTestId('share-sheet');
    await expect(sheet.getByTestId('share-url')).toHaveValue(`${E2E_BASE_URL}/post/${post.pid}`);
    await expect(sheet.getByTestId('share-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await sheet.getByTestId('share-copy').click();
    await expect(sheet.getByTestId('share-copy')).toHaveText('已复制');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${E2E_BASE_URL}/post/${post.pid}`);
    // The share was counted.
    await expect
      .poll(async () => (await api.call(postDetail, { pid: post.pid }))[0]?.sharenum)
      .toBeGreaterThan(post.sharenum);
  });

  test('a video post asks for its poster first and for none of the video before it is played', {
    tag: VIEWPORT_FREE,
  }, async ({ page, request, api }) => {
    let video: Post | undefined;
    for (let p = 1; !video && p <= 5; p++)
      video = (await api.call(postsNoAds, { page: p, size: 20 })).find((post) => post.isvio === 1);
    if (!video) throw new Error('the seed has video posts');
    const html = await (await request.get(`/post/${video.pid}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const poster = /<video[^>]* poster="([^"]+)"/.exec(html)?.[1];
    expect(poster, 'the player has a poster').toBeTruthy();
    // The poster is preloaded, first, ahead of the app's scripts (which wait for the paint).
    const firstPreload = /<link rel="preload"[^>]*>/.exec(head)?.[0] ?? '';
    expect(firstPreload).toContain(`href="${poster}"`);
    expect(firstPreload).toContain('as="image"');
    expect(firstPreload).toContain('fetchPriority="high"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(html).toMatch(/<video[^>]* preload="none"/);

    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'media') videoRequests.push(r.url());
    });
    await page.goto(`/post/${video.pid}`);
    await expect(page.getByTestId('post-video').locator('video')).toHaveAttribute(
      'poster',
      poster!.replaceAll('&amp;', '&'),
    );
    expect(videoRequests, 'nothing of the video before it is played').toEqual([]);
  });

  test('a crawler gets the full post page, from the address and from a card', { tag: VIEWPORT_FREE }, async ({
    request,
    browser,
    api,
  }) => {
    const [post] = await api.call(postsNoAds, { page: 1, size: 1 });
    if (!post) throw new Error('no post');
    const response = await request.get(`/post/${post.pid}`, { headers: { 'user-agent': GOOGLEBOT } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="post-view"');
    expect(html).not.toContain('data-testid="post-modal"');

    const context = await browser.newContext({ userAgent: GOOGLEBOT, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    // A page of its own: the fixture's goto (which waits for the app) is not this one's.
    await waitForApp(page);
    const card = page.locator(`[data-testid="post-card"][data-pid="${post.pid}"]`);
    await card.getByTestId('post-card-link').click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/post/${post.pid}`);
    await expect(page.getByTestId('post-view')).toBeVisible();
    await expect(page.getByTestId('post-modal')).toHaveCount(0);
    await context.close();
  });

  test('a client navigation to /post/{id} from a list comes back to the list as the modal', async ({ page, api }) => {
    const [post] = await api.call(postsNoAds, { page: 2, size: 1 });
    if (!post) throw new Error('no post');
    await page.goto('/mod');
    // What any in-app link to a post does (React Router's own navigation).
    await page.evaluate((pid) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => unknown } })
        .__reactRouterDataRouter;
      void router.navigate(`/post/${pid}`);
    }, post.pid);
    await expect.poll(() => page.url()).toBe(`${E2E_BASE_URL}/mod?modal=true&postId=${post.pid}&index=0`);
    await expect(page.getByTestId('post-modal').getByTestId('post-view')).toHaveAttribute('data-pid', String(post.pid));

    // From a page that is not one of those lists, it is the post page.
    await page.goto('/following');
    await page.evaluate((pid) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => unknown } })
        .__reactRouterDataRouter;
      void router.navigate(`/post/${pid}`);
    }, post.pid);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/post/${post.pid}`);
    await expect(page.getByTestId('post-view')).toBeVisible();
    await expect(page.getByTestId('post-modal')).toHaveCount(0);
  });

  test('a post opens as a modal on a profile too', { tag: ONE_VIEWPORT }, async ({ page, api }) => {
    const [post] = await api.call(postsNoAds, { page: 1, size: 1 });
    if (!post) throw new Error('no post');
    await page.goto(`/user/${post.uid}`);
    const card = page.getByTestId('posts-grid').getByTestId('post-card').first();
    const pid = await card.getAttribute('data-pid');
    await card.getByTestId('post-card-link').click();
    await expect(page.getByTestId('post-modal').getByTestId('post-view')).toHaveAttribute('data-pid', String(pid));
    expect(new URL(page.url()).pathname).toBe(`/user/${post.uid}`);
    expect(modalParams(page)).toEqual({ postId: Number(pid), index: 0 });
  });

  test('each theme feed shows its own theme, first page rendered on the server', async ({ page, request, api }) => {
    const pages = [
      { path: '/mod', theme: 'mod', label: '改装' },
      { path: '/beauty', theme: 'beauty', label: '颜值' },
      { path: '/travel', theme: 'travel', label: '旅行' },
      { path: '/exp', theme: 'exp', label: '经验' },
      // Tesla's feed is under the owner's tools hub, which names the page.
      { path: '/tesla-tools', theme: 'tesla', label: '特斯拉', title: '特斯拉车主工具' },
    ] as const;
    for (const { path, theme, label, ...named } of pages) {
      const feed: Post[] = await api.call(THEME_FEEDS[theme], { page: 1, size: PAGE_SIZE.posts });
      expect(feed.length, `the seed has ${theme} posts`).toBeGreaterThan(0);
      expect(feed.every((post) => post.type === theme)).toBe(true);
      const html = await (await request.get(path)).text();
      const pids = [...html.matchAll(/data-testid="post-card" data-pid="(\d+)"/g)].map((m) => Number(m[1]));
      expect(pids.sort(), `${path} renders its theme's first page`).toEqual(feed.map((p) => p.pid).sort());
      expect(html).toContain(`<title>${'title' in named ? named.title : label} - 车友圈</title>`);
    }

    // The navigation leads there, and marks where you are.
    await page.goto('/');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '特斯拉', exact: true }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/tesla-tools`);
    await expect(page.getByRole('heading', { level: 1, name: '特斯拉' })).toBeVisible();
    await expect(page.getByRole('link', { name: '特斯拉', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    const first = (await api.call(THEME_FEEDS.tesla, { page: 1, size: 1 }))[0];
    await expect(page.locator(`[data-testid="post-card"][data-pid="${first?.pid}"]`)).toBeVisible();
  });
});

test.describe('a missing post', () => {
  // The browser reports the 404 document itself; nothing else may be logged.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('a missing post answers the 404 page with HTTP 404', { tag: ONE_VIEWPORT }, async ({ page, request }) => {
    for (const path of ['/post/99999999', '/m/post/99999999', '/post/abc']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('data-testid="post-not-found"');
    }
    await page.goto('/post/99999999');
    await expect(page.getByTestId('post-not-found')).toContainText('帖子不存在或已删除');
  });
});

// A touch gesture of phones.
test.describe('pull to refresh', () => {
  test('on a phone, pulling the feed down at the top reloads its first page', { tag: PHONE_ONLY }, async ({ page }) => {
    let firstPageCalls = 0;
    // The refreshed first page is held until the spinning indicator has been seen (a fixed
    // delay could end between two polls of a loaded machine: a CI run missed it so).
    let releaseFirstPage = () => {};
    const firstPageHeld = new Promise<void>((resolve) => {
      releaseFirstPage = resolve;
    });
    await page.route('**/api/v1/cms/posts/no-ads?**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('page') === '1') {
        firstPageCalls += 1;
        await firstPageHeld;
      }
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('feed-grid').getByTestId('post-card').first()).toBeVisible();
    expect(firstPageCalls, 'the first page came with the HTML').toBe(0);
    // The gesture's code loads on phones just after the page (it is not in the first load).
    await expect(page.getByTestId('pull-to-refresh')).toBeAttached();

    // A short pull is not enough.
    await drag(page, { x: 200, y: 250 }, { x: 200, y: 300 });
    await page.waitForTimeout(300);
    expect(firstPageCalls).toBe(0);

    await drag(page, { x: 200, y: 250 }, { x: 200, y: 550 }, 12);
    const indicator = page.getByTestId('pull-to-refresh');
    await expect(indicator).toHaveAttribute('data-phase', 'refreshing');
    await expect(indicator).toContainText('正在刷新');
    await expect.poll(() => firstPageCalls).toBe(1);
    await expect(indicator).toHaveAttribute('data-phase', 'refreshing');
    releaseFirstPage();
    await expect(indicator).toHaveAttribute('data-phase', 'idle');
    await expect(page.getByTestId('feed-grid').getByTestId('post-card').first()).toBeVisible();
  });

  test('on a phone, the theme feeds and the following feed refresh the same way', { tag: PHONE_ONLY }, async ({
    page,
    reader: _,
  }) => {
    for (const [path, api] of [
      ['/travel', '/api/v1/travel/posts'],
      ['/following', '/api/v1/cms/posts/following'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('pull-to-refresh')).toBeAttached();
      const call = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return url.pathname === api && url.searchParams.get('page') === '1';
      });
      await drag(page, { x: 200, y: 250 }, { x: 200, y: 550 }, 12);
      await call;
      await expect(page.getByTestId('pull-to-refresh')).toHaveAttribute('data-phase', 'idle');
    }
  });
});
