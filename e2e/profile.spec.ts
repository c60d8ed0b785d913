import {
  followAct,
  followCheckMutual,
  followingFeed,
  PAGE_SIZE,
  postsNoAds,
  userInfo,
  userPosts,
} from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test, VIEWPORT_FREE } from './fixtures.ts';
import { apiClient, loginByApi, loginInBrowser } from './support/login.ts';

/** The number shown for a count of the profile header (帖子 / 关注 / 粉丝 / 获赞). */
function count(page: Page, name: 'posts' | 'following' | 'followers' | 'likes'): Locator {
  return page.getByTestId(`count-${name}-value`);
}

async function cardPids(page: Page): Promise<number[]> {
  const cards = page.getByTestId('posts-grid').getByTestId('post-card');
  return (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-pid')))).map(Number);
}

test.describe('profile', () => {
  test('a user follows another from their profile, sees 已关注, then 互相关注 once followed back', async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    const other = await loginByApi();

    await page.goto(`/user/${other.account.uid}`);
    await expect(page).toHaveTitle(`${other.account.nickname}的主页 - 车友圈`);
    await expect(page.getByTestId('profile-nickname')).toHaveText(other.account.nickname);
    await expect(count(page, 'followers')).toHaveText('0');
    const button = page.getByTestId('profile-header').getByTestId('follow-button');
    await expect(button).toHaveText('关注');

    await button.click();
    await expect(button).toHaveText('已关注');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(count(page, 'followers'), 'the follower count goes up at once').toHaveText('1');
    // The server agrees, and the count survives a reload (it comes from the server again).
    expect(await me.api.call(followCheckMutual, { uid: other.account.uid })).toEqual({ isfollow: 1, istfollow: 0 });
    await page.reload();
    await expect(button).toHaveText('已关注');
    await expect(count(page, 'followers')).toHaveText('1');

    // The other user follows back from their own session.
    await other.api.call(followAct, { uid: me.account.uid });
    await page.reload();
    await expect(button).toHaveText('互相关注');
    await expect(page.getByTestId('profile-header')).toContainText('关注了你');
    await expect(count(page, 'following'), 'they follow one person: me').toHaveText('1');

    // Unfollowing: they still follow me, so the button offers 回关, and the count drops.
    await button.click();
    await expect(button).toHaveText('回关');
    await expect(count(page, 'followers')).toHaveText('0');
    expect(await me.api.call(followCheckMutual, { uid: other.account.uid })).toEqual({ isfollow: 0, istfollow: 1 });
  });

  test('a logged-out visitor who taps 关注 gets the login modal saying 请先登录', { tag: ONE_VIEWPORT }, async ({
    page,
  }) => {
    const other = await loginByApi();
    await page.goto(`/user/${other.account.uid}`);
    await page.getByTestId('profile-header').getByTestId('follow-button').click();
    const modal = page.getByRole('dialog', { name: /登录/ });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('请先登录');
    // Nothing was followed.
    expect((await apiClient().call(userInfo, { uid: other.account.uid })).followers).toBe(0);
  });

  test('the profile is rendered on the server with its title and meta tags', { tag: VIEWPORT_FREE }, async ({
    request,
  }) => {
    const other = await loginByApi();
    const response = await request.get(`/user/${other.account.uid}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const nickname = other.account.nickname;
    expect(html).toContain(`<title>${nickname}的主页 - 车友圈</title>`);
    expect(html).toMatch(new RegExp(`<meta name="description" content="${nickname}在车友圈：0 篇帖子`));
    expect(html).toContain(`<meta property="og:title" content="${nickname}的主页 - 车友圈"`);
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/[^"]+\/user\/\d+"/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
    expect(html).toContain('data-testid="profile-header"');
    expect(html).toContain('还没有发布内容');
  });

  test.describe('unknown user', () => {
    test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 404/] });

    test('gets HTTP 404 and a page saying the user does not exist', { tag: ONE_VIEWPORT }, async ({ page }) => {
      for (const path of ['/user/987654321', '/user/abc']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByTestId('user-not-found')).toContainText('用户不存在');
      }
    });
  });

  test('a seeded author’s profile shows their posts and counts', { tag: ONE_VIEWPORT }, async ({ page }) => {
    const feed = await apiClient().call(postsNoAds, { page: 1, size: PAGE_SIZE.posts });
    const author = feed[0]?.uid as number;
    const [profile, posts] = await Promise.all([
      apiClient().call(userInfo, { uid: author }),
      apiClient().call(userPosts, { uid: author, page: 1, size: PAGE_SIZE.posts }),
    ]);
    expect(posts.length).toBeGreaterThan(0);

    await page.goto(`/user/${author}`);
    await expect(count(page, 'posts')).toHaveText(String(profile.posts));
    await expect(count(page, 'likes')).toContainText(/\d/);
    await expect.poll(() => cardPids(page)).toEqual(expect.arrayContaining(posts.map((p) => p.pid)));
    expect((await cardPids(page)).length).toBe(posts.length);
  });

  test('followers and following open as lists whose rows link to profiles and follow on their own', async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    const star = await loginByApi();
    const fan = await loginByApi();
    await fan.api.call(followAct, { uid: star.account.uid });

    await page.goto(`/user/${star.account.uid}`);
    await page.getByTestId('count-followers').click();
    const sheet = page.getByTestId('follow-list-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('tab', { name: '粉丝' })).toHaveAttribute('aria-selected', 'true');
    const row = sheet.locator(`[data-testid="user-row"][data-uid="${fan.account.uid}"]`);
    await expect(row).toContainText(fan.account.nickname);

    // The row's own button follows the fan.
    await row.getByTestId('follow-button').click();
    await expect(row.getByTestId('follow-button')).toHaveText('已关注');
    expect((await me.api.call(followCheckMutual, { uid: fan.account.uid })).isfollow).toBe(1);

    // The other tab: the star follows nobody.
    await sheet.getByRole('tab', { name: '关注' }).click();
    await expect(sheet.getByTestId('follow-list-empty')).toHaveText('还没有关注任何人');

    // Back on 粉丝, the row links to the fan's profile.
    await sheet.getByRole('tab', { name: '粉丝' }).click();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/user/${fan.account.uid}$`));
    await expect(page.getByTestId('profile-nickname')).toHaveText(fan.account.nickname);
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('profile-header').getByTestId('follow-button')).toHaveText('已关注');
  });

  test('on their own profile a user gets 编辑资料 and their points instead of a follow button', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    await page.goto(`/user/${me.account.uid}`);
    await expect(page.getByTestId('profile-header').getByTestId('follow-button')).toHaveCount(0);
    await expect(page.getByTestId('profile-points')).toHaveText(`${me.account.integral} 积分`);
    await expect(page.getByTestId('posts-empty')).toContainText('还没有发布内容');
    await page.getByTestId('edit-profile').click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe('following feed', () => {
  test('a logged-out visitor is asked to log in, and 登录 opens the login modal', { tag: ONE_VIEWPORT }, async ({
    page,
  }) => {
    const response = await page.goto('/following');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('following-guest')).toContainText('登录后查看关注的人的动态');
    await page.getByTestId('login-prompt-button').click();
    await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
  });

  test('a user who follows nobody gets suggestions; following one fills the feed', async ({ page, context }) => {
    await loginInBrowser(context);
    await page.goto('/following');
    const empty = page.getByTestId('following-empty');
    await expect(empty).toContainText('关注的人还没有发布内容');
    const suggestion = empty.getByTestId('user-row').first();
    await expect(suggestion).toBeVisible();
    const uid = Number(await suggestion.getAttribute('data-uid'));
    await suggestion.getByTestId('follow-button').click();
    await expect(suggestion.getByTestId('follow-button')).toHaveText('已关注');

    await page.getByRole('button', { name: '刷新动态' }).click();
    const posts = await apiClient().call(userPosts, { uid, page: 1, size: PAGE_SIZE.posts });
    await expect.poll(() => cardPids(page)).toEqual(expect.arrayContaining(posts.map((p) => p.pid)));
  });

  test('the feed of everyone followed pages in as the user scrolls, with skeletons', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    const feed = await apiClient().call(postsNoAds, { page: 1, size: 100 });
    const authors = [...new Set(feed.map((p) => p.uid))];
    for (const uid of authors) await me.api.call(followAct, { uid });
    const [first, second] = await Promise.all([
      me.api.call(followingFeed, { page: 1, size: PAGE_SIZE.posts }),
      me.api.call(followingFeed, { page: 2, size: PAGE_SIZE.posts }),
    ]);
    expect(second.length, 'the seed fills more than one page').toBeGreaterThan(0);

    await page.route('**/api/v1/cms/posts/following?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('/following');
    await expect.poll(() => cardPids(page)).toEqual(expect.arrayContaining(first.map((p) => p.pid)));
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(page.getByTestId('post-skeleton').first()).toBeVisible({ timeout: 1_000 });
    }, 'skeletons show while the next page loads').toPass();
    await expect.poll(() => cardPids(page)).toEqual(expect.arrayContaining(second.map((p) => p.pid)));
    const pids = await cardPids(page);
    expect(new Set(pids).size, 'no post is shown twice').toBe(pids.length);
  });
});
