import { randomInt } from 'node:crypto';
import { ApiError, blockAct, blockCheck, commentSave, postInfo, STATUS } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { E2E_ADMIN_MOBILES } from './support/constants.ts';
import { loginByApi, loginInBrowser, useSession } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

function postCard(page: Page, pid: number) {
  return page.locator(`[data-testid="post-card"][data-pid="${pid}"]`);
}

/** The beauty feed after its first page rendered. */
async function openBeautyFeed(page: Page) {
  await page.goto('/beauty');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
}

test.describe('safety: blocks, reports and the moderation queue', () => {
  // /admin/reports answers a non-admin with a 403 page; the browser logs that document's status.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 403 .*@ .*\/admin\/reports$/] });

  test(
    'the profile of someone blocked hides their posts and offers 取消拉黑 in place of 关注',
    { tag: ONE_VIEWPORT },
    async ({ page, context }, testInfo) => {
      const other = await loginByApi();
      const me = await loginInBrowser(context);
      const pid = await publishImagePost(other, 'beauty', `周末去露营，车里睡得很舒服 #${randomInt(1e6)}`);
      await me.api.call(blockAct, { uid: other.account.uid });

      await page.goto(`/user/${other.account.uid}`);
      const header = page.getByTestId('profile-header');
      await expect(page.getByTestId('posts-blocked')).toContainText('你已拉黑 TA');
      await expect(postCard(page, pid)).toHaveCount(0);
      await expect(header.getByTestId('follow-button')).toHaveCount(0);
      await shoot(page, testInfo.project.name, 'profile-blocked');

      await header.getByTestId('unblock-button').click();
      await expect(page.getByText('已取消拉黑')).toBeVisible();
      await expect(postCard(page, pid)).toBeVisible();
      await expect(page.getByTestId('posts-blocked')).toHaveCount(0);
      await expect(header.getByTestId('follow-button')).toBeVisible();
      expect(await me.api.call(blockCheck, { uid: other.account.uid })).toEqual({ isblock: 0 });
    },
  );

  test('block from the profile hides their posts and comments; report a post; unblock in settings; an admin removes it', async ({
    page,
    context,
  }, testInfo) => {
    // Three people, a block, a report and a moderation round: a long journey on a shared machine.
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const [other, author] = await Promise.all([loginByApi(), loginByApi()]);
    const me = await loginInBrowser(context);
    const tag = randomInt(1e6);
    const otherPost = await publishImagePost(other, 'beauty', `新做的车衣颜色怎么样 #${tag}`);
    const reportedText = `低价出售全新充电桩，私信我先付款后发货 #${tag}`;
    const authorPost = await publishImagePost(author, 'travel', reportedText);
    const otherWord = `楼主这条路线我也跑过 ${tag}`;
    await other.api.call(commentSave, { pid: authorPost, content: otherWord });

    // Before: their post is in the feed and their comment under the post.
    await openBeautyFeed(page);
    await expect(postCard(page, otherPost)).toBeVisible();
    await page.goto(`/post/${authorPost}`);
    await expect(page.getByTestId('comment-section').getByText(otherWord)).toBeVisible();

    // Block them from their profile (… → 拉黑 → confirm).
    await page.goto(`/user/${other.account.uid}`);
    const header = page.getByTestId('profile-header');
    await header.getByTestId('content-menu-button').click();
    await expect(page.getByTestId('content-menu-report')).toBeVisible();
    await shoot(page, project, 'profile-menu');
    await page.getByTestId('content-menu-block').click();
    const confirm = page.getByTestId('block-confirm');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`拉黑 ${other.account.uname}？`);
    await shoot(page, project, 'block-confirm');
    await confirm.getByTestId('block-confirm-confirm').click();
    await expect(page.getByText(`已拉黑 ${other.account.uname}`)).toBeVisible();
    await expect(confirm).toBeHidden();
    // The menu now offers 取消拉黑.
    await header.getByTestId('content-menu-button').click();
    await expect(page.getByTestId('content-menu-unblock')).toBeVisible();
    await page.keyboard.press('Escape');

    // After: gone from the feed and from the comments.
    await openBeautyFeed(page);
    await expect(postCard(page, otherPost)).toHaveCount(0);
    await page.goto(`/post/${authorPost}`);
    const section = page.getByTestId('comment-section');
    await expect(section).toBeVisible();
    await expect(section.getByTestId('comments-skeleton')).toHaveCount(0);
    await expect(section.getByText(otherWord)).toHaveCount(0);

    // Report the author's post (… → 举报 → reason, note → 提交举报).
    await page.getByTestId('post-author').getByTestId('content-menu-button').click();
    await page.getByTestId('content-menu-report').click();
    const dialog = page.getByTestId('report-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '举报帖子' })).toBeVisible();
    // Sending without a reason asks for one.
    await dialog.getByTestId('report-submit').click();
    await expect(dialog.getByRole('alert')).toHaveText('请选择举报原因');
    await dialog.getByLabel('诈骗信息').check();
    await dialog.getByTestId('report-detail').fill('让人先付款，疑似诈骗');
    await shoot(page, project, 'report-dialog');
    await dialog.getByTestId('report-submit').click();
    await expect(page.getByText('举报已提交，我们会尽快处理')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Reporting it again while the report is open is refused, kindly.
    await page.getByTestId('post-author').getByTestId('content-menu-button').click();
    await page.getByTestId('content-menu-report').click();
    await dialog.getByLabel('垃圾广告').check();
    await dialog.getByTestId('report-submit').click();
    await expect(page.getByText('你已举报过，我们会尽快处理')).toBeVisible();

    // A non-admin gets no queue.
    await page.goto('/admin/reports');
    await expect(page.getByTestId('admin-forbidden')).toContainText('没有权限');
    await shoot(page, project, 'admin-forbidden');

    // Unblock in settings: the list shows them with 取消拉黑.
    await page.goto('/settings#blocked');
    await expect(page.getByTestId('blocked-list')).toHaveAttribute('data-ready', 'true');
    const row = page.locator(`[data-testid="blocked-row"][data-uid="${other.account.uid}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(other.account.uname);
    await row.scrollIntoViewIfNeeded();
    await shoot(page, project, 'settings-blocked');
    await row.getByTestId('unblock').click();
    await expect(page.getByText('已取消拉黑')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('blocked-empty')).toBeVisible();
    await openBeautyFeed(page);
    await expect(postCard(page, otherPost)).toBeVisible();

    // A moderator sees the report and removes the post.
    const admin = await loginByApi({ mobile: E2E_ADMIN_MOBILES[project === 'mobile' ? 'mobile' : 'desktop'] });
    await context.clearCookies();
    await useSession(context, admin.token);
    // Admins find the queue in their account menu.
    await page.goto('/settings');
    await page.getByTestId('header-account').click();
    await page.getByTestId('account-menu-reports').click();
    await expect(page).toHaveURL(/\/admin\/reports$/);
    const item = page.locator(`[data-testid="report-item"][data-target="post:${authorPost}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText(reportedText);
    await expect(item).toContainText('诈骗信息');
    await expect(item).toContainText('让人先付款，疑似诈骗');
    await expect(item).toContainText(`举报人：${me.account.uname}`);
    await item.scrollIntoViewIfNeeded();
    await shoot(page, project, 'admin-queue');
    await item.getByTestId('report-remove').click();
    const removeConfirm = item.getByTestId('remove-confirm');
    await expect(removeConfirm).toBeVisible();
    await shoot(page, project, 'admin-remove-confirm');
    await removeConfirm.getByTestId('remove-confirm-confirm').click();
    await expect(page.getByText('内容已删除，举报已处理')).toBeVisible();
    await expect(item).toHaveCount(0);
    // It is in the 已删除 tab, and the post is gone.
    await page.getByTestId('queue-tab-removed').click();
    await expect(page.locator(`[data-testid="report-item"][data-target="post:${authorPost}"]`)).toBeVisible();
    const gone = await author.api.call(postInfo, { id: authorPost }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(gone).toBeInstanceOf(ApiError);
    expect((gone as ApiError).status).toBe(STATUS.NOT_FOUND);
  });
});
