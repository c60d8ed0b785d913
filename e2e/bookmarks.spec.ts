import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bookmarkSave, bookmarkUnblockDomain, postsNoAds } from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN_MOBILES, E2E_BASE_URL, E2E_DATA_DIR } from './support/constants.ts';
import { loginByApi, loginInBrowser, useSession } from './support/login.ts';
import { shoot } from './support/screenshots.ts';

// URL bookmarks on the web (issue 20): a link pasted on /bookmarks gets the page's title and
// icon read by the server from a local fake site (e2e/support/fake-link-site.mjs, a GBK page
// among them); edit, folders, search, delete with 撤销, the recent-URL history and the hot
// links; 收藏 on a post; and the admin's blocked domains.

/** The fake site's origin, which serve.mjs wrote into the e2e server's data folder. */
function linkSiteOrigin(): string {
  const file = join(E2E_DATA_DIR, 'fake-link-site.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { origin: string }).origin;
}

const GBK_TITLE = '特斯拉充电地图';
const UTF8_TITLE = '充电桩评测合集';

/** A row of the list by its URL. */
function rowOf(page: Page, url: string): Locator {
  return page.locator(`[data-testid="bookmark-row"][data-url="${url}"]`);
}

/** The img has arrived and decoded (a broken picture has naturalWidth 0). */
async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('bookmarks', () => {
  test('a person pastes a GBK page, sees its title and icon, saves, edits, filters, searches, deletes and undoes', async ({
    page,
    context,
    isMobile,
  }, testInfo) => {
    test.setTimeout(120_000);
    const origin = linkSiteOrigin();
    const gbkUrl = `${origin}/gbk`;
    const utf8Url = `${origin}/utf8`;
    const user = await loginInBrowser(context);
    // One link already kept, in the folder 评测.
    await user.api.call(bookmarkSave, { url: utf8Url, title: UTF8_TITLE, favicon: '', folder: '评测' });

    await page.goto('/bookmarks');
    await expect(page.getByRole('heading', { level: 1, name: '我的收藏' })).toBeVisible();
    await expect(rowOf(page, utf8Url)).toContainText(UTF8_TITLE);
    // No icon on that page: a letter tile of the host.
    await expect(rowOf(page, utf8Url).getByTestId('bookmark-icon-letter')).toHaveText('1');
    // The hot links render (a list or its empty state), beside the list or under it as a tab.
    if (isMobile) await expect(page.getByTestId('bookmark-tab-hot')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('bookmark-hot')).toBeVisible();
    await expect(page.getByTestId('bookmark-hot').getByRole('heading', { name: '热门链接' })).toBeAttached();

    // Paste the GBK page: its og:title, decoded, and its icon (the server's copy) appear.
    const form = page.getByTestId('bookmark-add');
    await form.getByTestId('bookmark-url').fill(gbkUrl);
    await expect(form.getByTestId('bookmark-title')).toHaveValue(GBK_TITLE);
    await expect(form.getByTestId('bookmark-meta-status')).toHaveAttribute('data-state', 'ok');
    await expectImageLoaded(form.getByTestId('bookmark-icon-img'));
    await form.getByTestId('bookmark-folder').fill('地图');
    await form.getByTestId('bookmark-note').fill('出门前看一眼');
    await form.getByTestId('bookmark-save').click();
    await expect(page.getByRole('status').filter({ hasText: '已收藏' })).toBeVisible();
    await expect(form.getByTestId('bookmark-url')).toHaveValue('');

    const gbkRow = rowOf(page, gbkUrl);
    await expect(gbkRow.getByTestId('bookmark-link')).toHaveText(GBK_TITLE);
    await expect(gbkRow.getByTestId('bookmark-link')).toHaveAttribute('target', '_blank');
    await expect(gbkRow.getByTestId('bookmark-link')).toHaveAttribute('rel', 'noopener noreferrer ugc');
    await expect(gbkRow.getByTestId('bookmark-note-text')).toHaveText('出门前看一眼');
    await expect(gbkRow.getByTestId('bookmark-folder-badge')).toHaveText('地图');
    await expectImageLoaded(gbkRow.getByTestId('bookmark-icon-img'));
    await expect(page.locator('[data-testid="bookmark-folder-chip"][data-folder="地图"]')).toContainText('1');

    // Edit: a new title, and into the existing folder 评测 (tapped, not typed).
    await gbkRow.getByTestId('bookmark-edit').click();
    const sheet = page.getByTestId('bookmark-edit-sheet');
    await expect(sheet.getByTestId('bookmark-edit-title')).toHaveValue(GBK_TITLE);
    await sheet.getByTestId('bookmark-edit-title').fill('超充站地图');
    await sheet.getByTestId('folder-choice').filter({ hasText: '评测' }).click();
    await expect(sheet.getByTestId('bookmark-edit-folder')).toHaveValue('评测');
    await sheet.getByTestId('bookmark-edit-save').click();
    await expect(sheet).toBeHidden();
    await expect(gbkRow.getByTestId('bookmark-link')).toHaveText('超充站地图');
    await expect(gbkRow.getByTestId('bookmark-folder-badge')).toHaveText('评测');
    // 地图 is empty now and gone; 评测 holds both.
    const reviewChip = page.locator('[data-testid="bookmark-folder-chip"][data-folder="评测"]');
    await expect(reviewChip).toContainText('2');
    await expect(page.locator('[data-testid="bookmark-folder-chip"][data-folder="地图"]')).toHaveCount(0);

    // Filter by the folder, then search within everything.
    await reviewChip.click();
    await expect(reviewChip).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('bookmark-row')).toHaveCount(2);
    await page.getByTestId('bookmark-folder-all').click();
    await page.getByTestId('bookmark-search').fill('超充');
    await page.getByTestId('bookmark-search').press('Enter');
    await expect(page.getByTestId('bookmark-row')).toHaveCount(1);
    await expect(page.getByTestId('bookmark-total')).toHaveText('共 1 条');
    await page.getByTestId('bookmark-search').fill('不存在的词');
    await page.getByTestId('bookmark-search').press('Enter');
    await expect(page.getByTestId('bookmark-empty')).toContainText('没有找到包含“不存在的词”的收藏');
    await page.getByTestId('bookmark-search').fill('');
    await expect(page.getByTestId('bookmark-row')).toHaveCount(2);

    // Opening a link: a new tab, and the URL heads 最近访问.
    const popup = page.waitForEvent('popup');
    await gbkRow.getByTestId('bookmark-link').click();
    await (await popup).close();
    if (isMobile) await page.getByTestId('bookmark-tab-history').click();
    const entry = page.getByTestId('bookmark-history-entry').first();
    await expect(entry).toHaveAttribute('data-url', gbkUrl);
    await expect(entry).toContainText('超充站地图');

    // Delete, then 撤销 brings it back as it was.
    await gbkRow.getByTestId('bookmark-delete').click();
    await expect(gbkRow).toHaveCount(0);
    const deleted = page.getByRole('status').filter({ hasText: '已删除收藏' });
    await deleted.getByRole('button', { name: '撤销' }).click();
    await expect(page.getByRole('status').filter({ hasText: '已恢复收藏' })).toBeVisible();
    await expect(gbkRow.getByTestId('bookmark-link')).toHaveText('超充站地图');
    await expect(gbkRow.getByTestId('bookmark-folder-badge')).toHaveText('评测');
    await expect(gbkRow.getByTestId('bookmark-note-text')).toHaveText('出门前看一眼');

    // A tap on the history entry puts its URL into the add box.
    await entry.getByTestId('bookmark-history-fill').click();
    await expect(form.getByTestId('bookmark-url')).toHaveValue(gbkUrl);
    await expect(form.getByTestId('bookmark-title')).toHaveValue(GBK_TITLE);
    // The toasts gone, for the screenshot.
    await expect(page.getByRole('status').filter({ hasText: '已恢复收藏' })).toHaveCount(0);
    await shoot(page, testInfo.project.name, 'bookmarks', { fullPage: true });
  });

  test('收藏 on a post asks a visitor to log in, and once logged in saves the post to /bookmarks', async ({
    page,
    context,
    api,
  }) => {
    const [post] = await api.call(postsNoAds, { page: 1, size: 1 });
    if (!post) throw new Error('the seed has posts');
    await page.goto(`/post/${post.pid}`);
    await page.getByTestId('post-bookmark').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-modal')).toHaveCount(0);

    const user = await loginByApi();
    await useSession(context, user.token);
    await page.reload();
    await page.getByTestId('post-bookmark').click();
    const toast = page.getByRole('status').filter({ hasText: '已收藏' });
    await toast.getByRole('button', { name: '查看' }).click();
    await page.waitForURL('/bookmarks');
    const row = rowOf(page, `${E2E_BASE_URL}/post/${post.pid}`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('bookmark-link')).not.toHaveText('');
    // A page of this site: our logo, no letter tile and no fetched icon.
    await expect(row.locator('svg').first()).toBeVisible();
    await expect(row.getByTestId('bookmark-icon-letter')).toHaveCount(0);
  });

  test('an admin blocks a site, whose links then cannot be saved, and pins a link to the hot list', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    // A name of each project's own (both run at once): blocking refuses a save before
    // anything is fetched, so the name need not resolve. The pinned link is each project's too.
    const blockedDomain = `${project}.blocked.example`;
    const blockedUrl = `http://${blockedDomain}/charging`;
    const pinnedUrl = `${linkSiteOrigin()}/utf8?pin=${project}`;
    const admin = await loginByApi({
      mobile: E2E_ADMIN_MOBILES[project === 'mobile' ? 'bookmarksAdminMobile' : 'bookmarksAdminDesktop'],
    });
    await useSession(context, admin.token);
    try {
      await page.goto('/admin/bookmarks');
      await page.getByTestId('blocked-domain-input').fill(blockedDomain);
      await page.getByTestId('blocked-domain-reason').fill('测试用的禁止网站');
      await page.getByTestId('blocked-domain-add').click();
      const row = page.locator(`[data-testid="blocked-domain"][data-domain="${blockedDomain}"]`);
      await expect(row).toContainText('测试用的禁止网站');
      await shoot(page, project, 'admin-bookmarks');

      await page.goto('/bookmarks');
      const form = page.getByTestId('bookmark-add');
      await form.getByTestId('bookmark-url').fill(blockedUrl);
      await expect(form.getByTestId('bookmark-meta-status')).toHaveAttribute('data-state', 'error');
      await form.getByTestId('bookmark-title').fill('被禁止的网站');
      await form.getByTestId('bookmark-save').click();
      await expect(form.getByTestId('bookmark-add-error')).toHaveText('该网站已被禁止收藏');
      await expect(page.getByTestId('bookmark-row')).toHaveCount(0);

      // Pin a link of the admin's own to 热门链接, then unpin it there.
      await admin.api.call(bookmarkSave, { url: pinnedUrl, title: UTF8_TITLE, favicon: '' });
      await page.reload();
      await rowOf(page, pinnedUrl).getByTestId('bookmark-pin').click();
      const hot = page.locator(`[data-testid="bookmark-hot-link"][data-url="${pinnedUrl}"]`);
      await expect(hot).toHaveAttribute('data-pinned', 'true');
      await expect(hot.getByTestId('bookmark-hot-pinned')).toHaveText('置顶');
      await hot.getByTestId('bookmark-hot-pin').click();
      await expect(page.getByRole('status').filter({ hasText: '已取消热门' })).toBeVisible();

      await page.goto('/admin/bookmarks');
      await row.getByTestId('blocked-domain-remove').click();
      await expect(row).toHaveCount(0);
    } finally {
      // Whatever happened above, the site is allowed again for the rest of the run.
      await admin.api.call(bookmarkUnblockDomain, { domain: blockedDomain }).catch(() => {});
    }
  });
});
