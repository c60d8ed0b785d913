import { chatSend, commentSave, followAct, likeAct, markAsRead } from '@evcircle/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { type LoggedInUser, loginByApi, loginInBrowser } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

/**
 * Opens `path` and waits for the live connection's first push of the unread counts, so
 * what other people do next reaches the page live (not with its first load).
 */
async function openLive(page: Page, path: string): Promise<void> {
  const counted = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/realtime')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('notify:unread')) resolve();
      });
    });
  });
  await page.goto(path);
  await counted;
}

/** The header's 消息 or 通知 entry: an icon of the desktop header, a tab of the phone's bottom bar. */
function inboxEntry(page: Page, isMobile: boolean, kind: 'messages' | 'notifications') {
  return page.getByTestId(isMobile ? `tab-${kind}` : `header-${kind}`);
}

/** Someone else, logged in through the API. */
const someone = (): Promise<LoggedInUser> => loginByApi();

/**
 * A new account logged in in the browser that has read its welcome notice (every
 * signup gets one in 系统), so its 通知 count starts at 0.
 */
async function settledReader(context: BrowserContext): Promise<LoggedInUser> {
  const user = await loginInBrowser(context);
  await user.api.call(markAsRead, { message_type: 'system' });
  return user;
}

test.describe('notifications', () => {
  test('a like shows on the 通知 badge live; the list says who, opening it lands on the post and the badge drops', async ({
    page,
    context,
    isMobile,
  }, testInfo) => {
    test.setTimeout(120_000);
    const author = await settledReader(context);
    const [fan, pid] = await Promise.all([someone(), publishImagePost(author, 'mod', '周末去川西自驾，续航表现不错')]);

    await openLive(page, '/');
    const entry = inboxEntry(page, isMobile, 'notifications');
    await expect(entry).toBeVisible();
    await expect(page.getByTestId('unread-notifications')).toHaveCount(0);

    await fan.api.call(likeAct, { pid });
    // Live: no reload.
    await expect(page.getByTestId('unread-notifications')).toHaveText('1');
    await expect(entry).toContainText('1 条未读');

    await entry.click();
    await expect(page).toHaveURL(/\/notification$/);
    // The phone's bottom bar marks where the reader is (the chips journey runs on desktop only).
    if (isMobile) await expect(entry).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('notify-tab-interaction')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('notify-tab-interaction-count')).toHaveText('1');
    const item = page.getByTestId('notification').first();
    await expect(item).toContainText(`${fan.account.nickname}赞了你的帖子`);
    await expect(item).toContainText('周末去川西自驾');
    await expect(item).toHaveAttribute('data-unread', 'true');
    await shoot(page, testInfo.project.name, 'notification-like');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/post/${pid}$`));
    await expect(page.getByText('周末去川西自驾，续航表现不错').first()).toBeVisible();
    if (!isMobile) await expect(page.getByTestId('header-notifications')).toBeVisible();
    await expect(page.getByTestId('unread-notifications')).toHaveCount(0);

    // Back on the list: read, on the server too (the list was loaded again).
    await page.goBack();
    await expect(page).toHaveURL(/\/notification$/);
    await expect(page.getByTestId('notification').first()).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('notify-tab-interaction-count')).toHaveCount(0);
    await expect(page.getByTestId('unread-notifications')).toHaveCount(0);
  });

  test(
    'likes of one post collapse live into one row: "…等 3 人赞了你的帖子" with their avatars stacked',
    { tag: ONE_VIEWPORT },
    async ({ page, context }, testInfo) => {
      test.setTimeout(120_000);
      const author = await settledReader(context);
      const [first, second, third, pid] = await Promise.all([
        someone(),
        someone(),
        someone(),
        publishImagePost(author, 'travel', '新车提车作业'),
      ]);

      await openLive(page, '/notification');
      await expect(page.getByTestId('notify-empty')).toContainText('暂无互动通知');

      await first.api.call(likeAct, { pid });
      const rows = page.getByTestId('notification');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${first.account.nickname}赞了你的帖子`);

      await second.api.call(likeAct, { pid });
      await expect(rows.first()).toContainText(`${second.account.nickname}、${first.account.nickname}赞了你的帖子`);
      await third.api.call(likeAct, { pid });
      await expect(rows.first()).toContainText(`${third.account.nickname}等 3 人赞了你的帖子`);
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByTestId('notify-actors')).toHaveAttribute('data-count', '3');
      await expect(page.getByTestId('unread-notifications')).toHaveText('1');
      await shoot(page, testInfo.project.name, 'notification-collapsed');

      // The server says the same after a reload.
      await page.reload();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${third.account.nickname}等 3 人赞了你的帖子`);
    },
  );

  test(
    'a follow and a comment appear under their chips; 全部已读 clears the tab, the badge and the dots',
    { tag: ONE_VIEWPORT },
    async ({ page, context, isMobile }, testInfo) => {
      test.setTimeout(120_000);
      const author = await loginInBrowser(context);
      const [follower, commenter, pid] = await Promise.all([
        someone(),
        someone(),
        publishImagePost(author, 'exp', '冬季续航打折的几个小技巧'),
      ]);
      await follower.api.call(followAct, { uid: author.account.uid });
      await commenter.api.call(commentSave, { pid, content: '学到了，感谢分享！' });
      await commenter.api.call(likeAct, { pid });

      await openLive(page, '/notification');
      const rows = page.getByTestId('notification');
      const unreadRows = page.locator('[data-testid="notification"][data-unread="true"]');
      await expect(rows).toHaveCount(3);
      await expect(page.getByTestId('notify-tab-interaction-count')).toHaveText('3');
      // The welcome notice every signup gets waits in 系统.
      await expect(page.getByTestId('notify-tab-system-count')).toHaveText('1');
      await expect(page.getByTestId('unread-notifications')).toHaveText('4');

      await page.getByTestId('notify-filter-follow').click();
      await expect(page).toHaveURL(/filter=follow/);
      await expect(page.getByTestId('notify-filter-follow')).toHaveAttribute('aria-current', 'page');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${follower.account.nickname}关注了你`);

      await page.getByTestId('notify-filter-comment').click();
      await expect(page).toHaveURL(/filter=comment/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(`${commenter.account.nickname}评论了你的帖子`);
      await expect(rows.first()).toContainText('学到了，感谢分享！');
      await expect(rows.first()).toContainText('冬季续航打折的几个小技巧');
      await shoot(page, testInfo.project.name, 'notification-comment');

      await page.getByTestId('notify-filter-reply').click();
      await expect(page.getByTestId('notify-empty')).toContainText('暂无回复');

      // 全部已读 clears 互动 (under any chip), not 系统.
      await page.getByTestId('notify-filter-all').click();
      await expect(rows).toHaveCount(3);
      await page.getByTestId('notify-mark-all').click();
      await expect(unreadRows).toHaveCount(0);
      await expect(page.getByTestId('notify-tab-interaction-count')).toHaveCount(0);
      await expect(page.getByTestId('unread-notifications')).toHaveText('1');
      await expect(page.getByTestId('notify-mark-all')).toBeDisabled();
      await page.reload();
      await expect(rows).toHaveCount(3);
      await expect(unreadRows).toHaveCount(0);

      // 系统: the welcome notice, under 公告 too, and nothing under 审核.
      await page.getByTestId('notify-tab-system').click();
      await expect(page).toHaveURL(/tab=system/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('欢迎来到车友圈');
      await expect(unreadRows).toHaveCount(1);
      await page.getByTestId('notify-filter-notice').click();
      await expect(rows.first()).toContainText('欢迎来到车友圈');
      await page.getByTestId('notify-filter-moderation').click();
      await expect(page.getByTestId('notify-empty')).toContainText('暂无审核通知');
      await page.getByTestId('notify-filter-all').click();
      await page.getByTestId('notify-mark-all').click();
      await expect(unreadRows).toHaveCount(0);
      await expect(page.getByTestId('unread-notifications')).toHaveCount(0);
      await expect(page.getByTestId('notify-tab-system-count')).toHaveCount(0);

      // 车队: nothing yet, and it says what would come.
      await page.getByTestId('notify-tab-team').click();
      await expect(page.getByTestId('notify-empty')).toContainText('附近有人发起车队');
      await shoot(page, testInfo.project.name, 'notification-team-empty');
      if (isMobile) await expect(page.getByTestId('tab-notifications')).toHaveAttribute('aria-current', 'page');
    },
  );

  test('a private message shows on the 消息 badge live', async ({ page, context, isMobile }, testInfo) => {
    const reader = await settledReader(context);
    const sender = await someone();
    await openLive(page, '/shop');
    const entry = inboxEntry(page, isMobile, 'messages');
    await expect(entry).toHaveAttribute('href', '/messages');
    await expect(page.getByTestId('unread-messages')).toHaveCount(0);

    await sender.api.call(chatSend, { receiver_id: reader.account.uid, content: '你好，请问你的车是哪一年的？' });
    await expect(page.getByTestId('unread-messages')).toHaveText('1');
    await sender.api.call(chatSend, { receiver_id: reader.account.uid, content: '方便的话加个好友' });
    await expect(page.getByTestId('unread-messages')).toHaveText('2');
    await expect(entry).toContainText('2 条未读');
    // Messages are not notifications.
    await expect(page.getByTestId('unread-notifications')).toHaveCount(0);
    await shoot(page, testInfo.project.name, 'header-badges');
  });

  test('a visitor is asked to log in on /notification, and the bars have no 消息 or 通知', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/notification');
    await expect(page.getByTestId('notification-guest')).toContainText('登录后查看通知');
    await expect(page.getByTestId('login-prompt-button')).toBeVisible();
    await expect(inboxEntry(page, isMobile, 'notifications')).toHaveCount(0);
    await expect(inboxEntry(page, isMobile, 'messages')).toHaveCount(0);
    if (isMobile) {
      await expect(
        page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '安装' }),
      ).toBeVisible();
    }
  });
});
