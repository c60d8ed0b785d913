import {
  blockAct,
  chatErrors,
  chatHistory,
  chatSend,
  followAct,
  MSG_TYPE,
  productsByCategory,
} from '@evcircle/contract';
import type { BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { type LoggedInUser, loginByApi, loginInBrowser } from './support/login.ts';
import { noisePng, publishImagePost } from './support/media.ts';
import { openAs } from './support/other-person.ts';
import { shoot } from './support/screenshots.ts';

function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'mobile';
}

/** The message of the open conversation whose text is `text`. */
function messageWith(page: Page, text: string): Locator {
  return page.getByTestId('conversation').getByTestId('chat-message').filter({ hasText: text });
}

/** The conversation list's row of the person `uid`. */
function rowOf(page: Page, uid: number): Locator {
  return page.locator(`[data-testid="conversation-row"][data-uid="${uid}"]`);
}

async function send(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-input')).toHaveValue('');
}

/** A, logged in in this browser, and B (by API), who follow each other. */
async function twoFriends(context: BrowserContext): Promise<[LoggedInUser, LoggedInUser]> {
  const a = await loginInBrowser(context);
  const b = await loginByApi();
  await a.api.call(followAct, { uid: b.account.uid });
  await b.api.call(followAct, { uid: a.account.uid });
  return [a, b];
}

test.describe('messages', () => {
  test('A messages B from B’s profile; B sees it arrive live with an unread badge and replies; A sees the reply and 已读', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    const a = await loginInBrowser(context);
    const b = await loginByApi();
    const other = await openAs(browser, testInfo, b);
    // B waits on the messages page, with no conversation yet.
    await other.goto('/messages');
    await expect(other.page.getByTestId('conversations-empty')).toBeVisible();

    await page.goto(`/user/${b.account.uid}`);
    await shoot(page, testInfo.project.name, 'messages-profile');
    await page.getByTestId('profile-message').click();
    await expect(page).toHaveURL(`/messages?with=${b.account.uid}`);
    await expect(page.getByTestId('chat-title')).toHaveText(b.account.nickname);
    await expect(page.getByTestId('chat-history-start')).toHaveText('打个招呼，开始聊天吧');
    // Strangers: three messages until B replies or follows back.
    await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 3 条');

    // An emoji from the panel goes where the cursor is.
    await page.getByTestId('chat-input').fill('你好，周末一起去充电站吗？');
    await page.getByTestId('chat-emoji').click();
    await expect(page.getByTestId('emoji-panel')).toBeVisible();
    await shoot(page, testInfo.project.name, 'messages-emoji');
    await page.getByTestId('emoji-panel').getByRole('button', { name: '🚗' }).click();
    await expect(page.getByTestId('chat-input')).toHaveValue('你好，周末一起去充电站吗？🚗');
    if (isPhone(testInfo)) await page.getByTestId('chat-send').click();
    else await page.getByTestId('chat-input').press('Enter');
    const mine = messageWith(page, '一起去充电站');
    await expect(mine).toHaveAttribute('data-state', 'sent');
    await expect(mine.getByTestId('message-status')).toHaveText('已发送');
    await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 2 条');

    // B: the conversation arrives live, at the top, one unread.
    const row = rowOf(other.page, a.account.uid);
    await expect(row.getByTestId('conversation-preview')).toHaveText('你好，周末一起去充电站吗？🚗');
    await expect(row.getByTestId('conversation-unread')).toContainText('1');
    await expect(row.getByTestId('conversation-title')).toHaveText(a.account.nickname);
    await shoot(other.page, testInfo.project.name, 'messages-list');
    await row.click();
    await expect(other.page).toHaveURL(`/messages?with=${a.account.uid}`);
    await expect(messageWith(other.page, '一起去充电站')).toHaveAttribute('data-own', 'false');

    // B opened it: A's message is read.
    await expect(mine).toHaveAttribute('data-state', 'read');
    await expect(mine.getByTestId('message-status')).toHaveText('已读');

    // B types: A sees it; B replies: A sees the reply live, and the limit is gone.
    await other.page.getByTestId('chat-input').fill('好啊，');
    await expect(page.getByTestId('chat-typing')).toHaveText('对方正在输入…');
    await other.page.getByTestId('chat-input').fill('好啊，周六上午十点见');
    await other.page.getByTestId('chat-send').click();
    await expect(messageWith(page, '周六上午十点见')).toHaveAttribute('data-own', 'false');
    await expect(page.getByTestId('chat-typing')).toHaveCount(0);
    await expect(page.getByTestId('send-left')).toHaveCount(0);
    await expect(messageWith(other.page, '周六上午十点见')).toHaveAttribute('data-state', 'read');
    await shoot(page, testInfo.project.name, 'messages-conversation');

    // Back to the list (phones) or beside it (desktop): nothing unread, B's reply previewed.
    if (isPhone(testInfo)) {
      await other.page.getByTestId('chat-back').click();
      await expect(other.page).toHaveURL('/messages');
    }
    await expect(row).toHaveAttribute('data-unread', '0');
    await expect(row.getByTestId('conversation-preview')).toHaveText('我：好啊，周六上午十点见');
    await other.close();
  });

  test('scrolling up a long conversation loads the older messages, in order, and keeps the place', async ({
    page,
    context,
  }, testInfo) => {
    const [a, b] = await twoFriends(context);
    // 40 messages, turn about (each person's sends stay within 20 per 10 s).
    for (let i = 1; i <= 40; i++) {
      const [from, to] = i % 2 === 1 ? [a, b] : [b, a];
      await from.api.call(chatSend, { receiver_id: to.account.uid, msg_type: MSG_TYPE.text, content: `第${i}条` });
    }

    // Through 好友: mutual follows first.
    await page.goto('/messages');
    await page.getByTestId('friends-entry').click();
    const friends = page.getByTestId('friends-sheet');
    await expect(page.getByTestId('friends-tab-mutual')).toHaveAttribute('aria-selected', 'true');
    await shoot(page, testInfo.project.name, 'messages-friends');
    await friends.locator(`[data-testid="friend-row"][data-uid="${b.account.uid}"]`).click();
    await expect(friends).toBeHidden();
    await expect(page).toHaveURL(`/messages?with=${b.account.uid}`);
    const messages = page.getByTestId('conversation').getByTestId('chat-message');
    await expect(messages).toHaveCount(20);
    // The newest page, at the bottom.
    await expect(messageWith(page, '第40条')).toBeInViewport();
    await expect(messages.first()).toContainText('第21条');
    await expect(page.getByTestId('chat-day')).toHaveText(['今天']);

    await page.getByTestId('chat-messages').evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(messages).toHaveCount(40);
    // What was at the top stays in view: the older page went above it.
    await expect(messageWith(page, '第21条')).toBeInViewport();
    await expect(messageWith(page, '第40条')).not.toBeInViewport();

    await page.getByTestId('chat-messages').evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(page.getByTestId('chat-history-start')).toHaveText('以上是全部消息');
    const texts = await messages.getByTestId('message-text').allTextContents();
    expect(texts).toEqual(Array.from({ length: 40 }, (_, i) => `第${i + 1}条`));
    const ids = (await messages.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-id'))))).filter(
      (id, i, all) => i === 0 || id > (all[i - 1] ?? 0),
    );
    expect(ids, 'every message once, in id order').toHaveLength(40);
    // Own messages right, theirs left.
    await expect(messageWith(page, '第1条')).toHaveAttribute('data-own', 'true');
    await expect(messageWith(page, '第2条')).toHaveAttribute('data-own', 'false');
    await shoot(page, testInfo.project.name, 'messages-history');
  });

  test(
    'A shares a post, a product and a photo to B; B sees the cards and opens the photo large',
    { tag: ONE_VIEWPORT },
    async ({ page, context, browser, api }, testInfo) => {
      const [a, b] = await twoFriends(context);
      const pid = await publishImagePost(a, 'mod', '新装的轮毂，分享给大家看看');
      const [product] = (await api.call(productsByCategory, { size: 1, others: '{}' })).items;
      if (!product) throw new Error('the seed has products');

      // The post's share sheet: 分享到私信 lists B among the friends.
      await page.goto(`/post/${pid}`);
      await page.getByTestId('post-share').click();
      await expect(page.getByTestId('share-to-chat')).toHaveText('分享到私信');
      await shoot(page, testInfo.project.name, 'messages-post-share');
      await page.getByTestId('share-to-chat').click();
      const sheet = page.getByTestId('share-chat-sheet');
      await expect(sheet).toBeVisible();
      await shoot(page, testInfo.project.name, 'messages-share-sheet');
      await sheet.locator(`[data-testid="share-chat-row"][data-uid="${b.account.uid}"]`).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: '已发送' })).toBeVisible();

      // The product page's share sheet: B is now a recent conversation.
      await page.goto(`/product/${product.pid}`);
      await page.getByTestId('product-share').click();
      await page.getByTestId('share-to-chat').click();
      await sheet.locator(`[data-testid="share-chat-row"][data-uid="${b.account.uid}"]`).first().click();
      await expect(page.getByRole('status').filter({ hasText: '已发送' })).toBeVisible();

      // A photo from the conversation's composer, through the upload.
      // B found by the search box, by nickname.
      await page.goto('/messages');
      await page.getByTestId('chat-search').fill(b.account.nickname);
      const found = page
        .getByTestId('chat-search-results')
        .locator(`[data-testid="friend-row"][data-uid="${b.account.uid}"]`);
      await expect(found).toContainText('互相关注');
      await shoot(page, testInfo.project.name, 'messages-search');
      await found.click();
      await expect(page).toHaveURL(`/messages?with=${b.account.uid}`);
      await expect(page.getByTestId('message-post')).toBeVisible();
      // The composer is enabled once the conversation is open (and its code is running).
      await expect(page.getByTestId('chat-input')).toBeEnabled();
      await page.getByTestId('chat-image-input').setInputFiles({
        name: 'wheel.png',
        mimeType: 'image/png',
        buffer: noisePng(120, 80),
      });
      const photo = page
        .getByTestId('conversation')
        .getByTestId('chat-message')
        .filter({ has: page.getByTestId('message-image') });
      await expect(photo).toHaveAttribute('data-state', 'sent');

      const other = await openAs(browser, testInfo, b);
      await other.goto(`/messages?with=${a.account.uid}`);
      const post = other.page.getByTestId('message-post');
      await expect(post).toHaveAttribute('href', `/post/${pid}`);
      await expect(post).toContainText('新装的轮毂，分享给大家看看');
      await expect(post).toContainText(`@${a.account.nickname}`);
      const card = other.page.getByTestId('message-product');
      await expect(card).toHaveAttribute('href', `/product/${product.pid}`);
      await expect(card).toContainText(product.title);
      await expect(card).toContainText('¥');
      await other.page.getByTestId('message-image').click();
      await expect(other.page.getByTestId('image-viewer')).toBeVisible();
      await shoot(other.page, testInfo.project.name, 'messages-image-viewer');
      await other.page.keyboard.press('Escape');
      await expect(other.page.getByTestId('image-viewer')).toBeHidden();
      await shoot(other.page, testInfo.project.name, 'messages-cards');

      const { messages } = await b.api.call(chatHistory, { receiver_id: a.account.uid });
      expect(messages.map((m) => m.msg_type)).toEqual([MSG_TYPE.post, MSG_TYPE.product, MSG_TYPE.image]);
      await other.close();
    },
  );

  test.describe('when a send fails', () => {
    // Sends are cut off on purpose below: the browser reports the failed requests.
    test.use({ allowedConsoleErrors: [/net::ERR_(FAILED|INTERNET_DISCONNECTED)/] });

    test(
      'it shows 发送失败; the retry stores it once; the stranger limit and a block show the server’s words',
      { tag: ONE_VIEWPORT },
      async ({ page, context }, testInfo) => {
        const a = await loginInBrowser(context);
        const b = await loginByApi();
        await page.goto(`/messages?with=${b.account.uid}`);
        await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 3 条');

        // Offline for the first send: it fails, and the retry (the same client id) goes through.
        let isOffline = true;
        await page.route(/\/api\/v1\/msg\/chat\/send\?/, async (route) => {
          if (isOffline) return route.abort('internetdisconnected');
          return route.continue();
        });
        await send(page, '第一条消息');
        const first = messageWith(page, '第一条消息');
        await expect(first).toHaveAttribute('data-state', 'failed');
        await expect(first.getByTestId('message-status')).toHaveText('发送失败');
        await expect(first.getByTestId('message-error')).toHaveText('网络异常，请检查网络后重试');
        await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 3 条');
        isOffline = false;
        await first.getByTestId('message-retry').click();
        await expect(first).toHaveAttribute('data-state', 'sent');
        await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 2 条');

        // The next answer is lost on its way back: the server stored it, and its push shows it once.
        await page.unroute(/\/api\/v1\/msg\/chat\/send\?/);
        let isLost = false;
        await page.route(/\/api\/v1\/msg\/chat\/send\?/, async (route) => {
          if (isLost) return route.continue();
          isLost = true;
          await route.fetch();
          await route.abort('failed');
        });
        await send(page, '第二条消息');
        await expect(messageWith(page, '第二条消息')).toHaveAttribute('data-state', 'sent');
        await expect(messageWith(page, '第二条消息')).toHaveCount(1);
        await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 1 条');
        const stored = await b.api.call(chatHistory, { receiver_id: a.account.uid });
        expect(
          stored.messages.map((m) => m.content),
          'each stored once',
        ).toEqual(['第一条消息', '第二条消息']);

        await send(page, '第三条消息');
        await expect(messageWith(page, '第三条消息')).toHaveAttribute('data-state', 'sent');
        await expect(page.getByTestId('send-left')).toHaveText('对方回复前还可发送 0 条');
        await send(page, '第四条消息');
        const refused = messageWith(page, '第四条消息');
        await expect(refused).toHaveAttribute('data-state', 'failed');
        await expect(refused.getByTestId('message-error')).toHaveText(chatErrors.CHAT_STRANGER_LIMIT.message);
        await shoot(page, testInfo.project.name, 'messages-failed');

        // B blocks A: the next message is refused with the block's words.
        await b.api.call(blockAct, { uid: a.account.uid });
        await send(page, '被拉黑后');
        await expect(messageWith(page, '被拉黑后').getByTestId('message-error')).toHaveText(
          chatErrors.CHAT_BLOCKED.message,
        );
        const after = await b.api.call(chatHistory, { receiver_id: a.account.uid });
        expect(after.messages).toHaveLength(3);
      },
    );
  });

  test.describe('when the connection drops', () => {
    // The browser goes offline on purpose: it reports the failed reconnects, and React
    // Router its failed look-ups of the links on the page.
    test.use({ allowedConsoleErrors: [/WebSocket|net::ERR_|Failed to fetch manifest patches/] });

    test(
      'what was said meanwhile arrives after the reconnect, once each and in order',
      { tag: ONE_VIEWPORT },
      async ({ page, context }, testInfo) => {
        const [a, b] = await twoFriends(context);
        await b.api.call(chatSend, { receiver_id: a.account.uid, msg_type: MSG_TYPE.text, content: '在吗？' });

        await page.goto(`/messages?with=${b.account.uid}`);
        await expect(messageWith(page, '在吗？')).toBeVisible();
        await b.api.call(chatSend, { receiver_id: a.account.uid, msg_type: MSG_TYPE.text, content: '连接正常' });
        await expect(messageWith(page, '连接正常')).toBeVisible();

        // Offline: the live connection drops; what B says meanwhile does not arrive.
        await context.setOffline(true);
        await page.waitForTimeout(1000);
        for (const text of ['掉线时 1', '掉线时 2', '掉线时 3']) {
          await b.api.call(chatSend, { receiver_id: a.account.uid, msg_type: MSG_TYPE.text, content: text });
        }
        await page.waitForTimeout(1000);
        await expect(messageWith(page, '掉线时')).toHaveCount(0);

        await context.setOffline(false);
        await expect(messageWith(page, '掉线时 3')).toBeVisible({ timeout: 15_000 });
        const texts = await page.getByTestId('conversation').getByTestId('message-text').allTextContents();
        expect(texts).toEqual(['在吗？', '连接正常', '掉线时 1', '掉线时 2', '掉线时 3']);
        // Beside it on desktop, the list was read again too.
        if (!isPhone(testInfo)) {
          await expect(rowOf(page, b.account.uid).getByTestId('conversation-preview')).toHaveText('掉线时 3');
        }
      },
    );
  });

  test('a logged-out visitor gets the login prompt on /messages and from 私信 on a profile', {
    tag: ONE_VIEWPORT,
  }, async ({ page }) => {
    const b = await loginByApi();
    await page.goto('/messages');
    await expect(page).toHaveTitle('私信 - 车友圈');
    await expect(page.getByTestId('messages-guest')).toContainText('登录后查看私信');
    await page.goto(`/user/${b.account.uid}`);
    await page.getByTestId('profile-message').click();
    await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
  });
});
