import { randomInt } from 'node:crypto';
import { blockAct, commentPager, commentReply, commentSave, type Reply } from '@evcircle/contract';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { type LoggedInUser, loginByApi, useSession } from './support/login.ts';
import { publishImagePost } from './support/media.ts';

/** A travel post of `author`'s with one image. */
function createPost(author: LoggedInUser): Promise<number> {
  return publishImagePost(author, 'travel', `周末去山里跑了一圈，续航比预想的好 #${randomInt(1e6)}`);
}

/** Puts `user`'s session (or none) in the browser and opens the post. */
async function openPostAs(page: Page, context: BrowserContext, pid: number, user: LoggedInUser | null) {
  await context.clearCookies();
  if (user) await useSession(context, user.token);
  await page.goto(`/post/${pid}`);
  const section = page.getByTestId('comment-section');
  await expect(section).toBeVisible();
  await expect(section.getByTestId('comments-skeleton')).toHaveCount(0);
  return section;
}

function commentByText(section: Locator, text: string): Locator {
  return section.getByTestId('comment').filter({ has: section.page().getByText(text, { exact: true }) });
}

function replyByText(section: Locator, text: string): Locator {
  return section.getByTestId('reply').filter({ has: section.page().getByText(text, { exact: true }) });
}

/** Deletes a comment through its 更多 menu (its own menu comes before its replies' menus). */
async function deleteThroughMenu(page: Page, item: Locator) {
  await item.getByTestId('content-menu-button').first().click();
  await page.getByTestId('content-menu-delete').click();
  await page.getByTestId('delete-confirm-confirm').click();
}

test.describe('comments', () => {
  test('two readers comment, reply and reply to the reply; one likes and deletes their own', async ({
    page,
    context,
  }) => {
    // Three people, four page loads and a dozen writes: more than the default 30 s on a busy machine.
    test.slow();
    const [author, first, second] = await Promise.all([loginByApi(), loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const authorsWord = `作者先说两句 ${randomInt(1e6)}`;
    await author.api.call(commentSave, { pid, content: authorsWord });

    // The first reader comments (Enter sends).
    let section = await openPostAs(page, context, pid, first);
    await expect(section.getByTestId('comment-count')).toHaveText('共 1 条评论');
    const firstWord = `这张照片拍得真好 ${randomInt(1e6)}`;
    await section.getByTestId('comment-input').fill(firstWord);
    await section.getByTestId('comment-input').press('Enter');
    const firstComment = commentByText(section, firstWord);
    await expect(firstComment).toBeVisible();
    await expect(section.getByTestId('comment').first()).toContainText(firstWord);
    await expect(section.getByTestId('comment-count')).toHaveText('共 2 条评论');
    await expect(section.getByTestId('comment-input')).toHaveValue('');

    // The second reader answers that comment (the 发送 button).
    section = await openPostAs(page, context, pid, second);
    await commentByText(section, firstWord).getByTestId('comment-reply').first().click();
    await expect(section.getByTestId('composer-reply-to')).toHaveText(`回复 @${first.account.uname}`);
    const secondWord = `同意，请问是在哪里拍的？ ${randomInt(1e6)}`;
    await section.getByTestId('comment-input').fill(secondWord);
    await section.getByTestId('comment-send').click();
    const secondReply = replyByText(section, secondWord);
    await expect(secondReply).toBeVisible();
    await expect(secondReply.getByTestId('reply-to')).toHaveCount(0);
    await expect(section.getByTestId('composer-reply-to')).toHaveCount(0);
    await expect(section.getByTestId('comment-count')).toHaveText('共 3 条评论');

    // The first reader answers the reply: it reads 回复 @second.
    section = await openPostAs(page, context, pid, first);
    await expect(replyByText(section, secondWord)).toBeVisible();
    await replyByText(section, secondWord).getByTestId('comment-reply').click();
    await expect(section.getByTestId('composer-reply-to')).toHaveText(`回复 @${second.account.uname}`);
    // Cancelling and choosing again keeps the text in the box.
    const thirdWord = `在千岛湖环湖公路 ${randomInt(1e6)}`;
    await section.getByTestId('comment-input').fill(thirdWord);
    await section.getByTestId('composer-cancel-reply').click();
    await expect(section.getByTestId('composer-reply-to')).toHaveCount(0);
    await replyByText(section, secondWord).getByTestId('comment-reply').click();
    await expect(section.getByTestId('comment-input')).toHaveValue(thirdWord);
    await section.getByTestId('comment-send').click();
    const thirdReply = replyByText(section, thirdWord);
    await expect(thirdReply.getByTestId('reply-to')).toHaveText(`回复 @${second.account.uname}：`);
    await expect(section.getByTestId('comment-count')).toHaveText('共 4 条评论');

    // The first reader likes the author's comment; the like is the server's after a reload.
    const authorsComment = commentByText(section, authorsWord);
    const like = authorsComment.getByTestId('comment-like').first();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like.getByTestId('comment-like-count')).toHaveText('1');
    section = await openPostAs(page, context, pid, first);
    const likeAgain = commentByText(section, authorsWord).getByTestId('comment-like').first();
    await expect(likeAgain).toHaveAttribute('aria-pressed', 'true');
    await expect(likeAgain.getByTestId('comment-like-count')).toHaveText('1');

    // They delete their own comment: it goes with its two replies, also after a reload.
    const own = commentByText(section, firstWord);
    await deleteThroughMenu(page, own);
    await expect(commentByText(section, firstWord)).toHaveCount(0);
    await expect(section.getByTestId('comment-count')).toHaveText('共 1 条评论');
    section = await openPostAs(page, context, pid, first);
    await expect(section.getByTestId('comment')).toHaveCount(1);
    await expect(section.getByText(firstWord)).toHaveCount(0);
  });

  test('comments come with the post page from the server; a failed load in the modal offers 重试', {
    tag: ONE_VIEWPORT,
  }, async ({ page, request }) => {
    const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const word = `充电口盖有点异响，大家遇到过吗 ${randomInt(1e6)}`;
    await reader.api.call(commentSave, { pid, content: word });

    // The post page's first comments are in the server's HTML (readers and crawlers alike).
    for (const path of [`/post/${pid}`, `/m/post/${pid}`]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(word);
      expect(html, path).not.toContain('data-testid="comments-skeleton"');
    }

    // The modal fetches them itself; the first answer fails: the section says so and 重试 loads them.
    let failures = 1;
    await page.route('**/api/v1/cms/comment/pager?*', async (route) => {
      if (failures-- <= 0) return route.fallback();
      await route.fulfill({ json: { status: 5000, data: null, message: '服务器开小差了' } });
    });
    await page.goto(`/?modal=true&postId=${pid}&index=0`);
    const section = page.getByTestId('post-modal').getByTestId('comment-section');
    await expect(section.getByTestId('comments-error')).toContainText('评论加载失败');
    await section.getByTestId('comments-error').getByRole('button', { name: '重试' }).click();
    await expect(commentByText(section, word)).toBeVisible();
    await expect(section.getByTestId('comments-error')).toHaveCount(0);
  });

  test('a visitor reads comments and replies, and is asked to log in to reply or like', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const word = `求问这个轮毂的型号 ${randomInt(1e6)}`;
    const comment = await reader.api.call(commentSave, { pid, content: word });
    const answer = `18 寸原厂运动款 ${randomInt(1e6)}`;
    await author.api.call(commentReply, { pid, cid: comment.cid, content: answer });

    const section = await openPostAs(page, context, pid, null);
    const row = commentByText(section, word);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('comment-author').first()).toHaveAttribute('href', `/user/${reader.account.uid}`);
    await expect(replyByText(section, answer)).toBeVisible();
    await expect(replyByText(section, answer)).toContainText('作者');
    await expect(section.getByTestId('comment-input')).toHaveCount(0);

    await row.getByTestId('comment-reply').first().click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page.getByTestId('login-reason')).toHaveText('请先登录');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('login-modal')).toHaveCount(0);

    await row.getByTestId('comment-like').first().click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(row.getByTestId('comment-like').first()).toHaveAttribute('aria-pressed', 'false');
  });

  test('a reader expands replies, loads more comments, and is told about prohibited words and blocks', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    test.slow(); // seventeen writes before the page opens
    const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const top = await author.api.call(commentSave, { pid, content: `第 1 条 ${randomInt(1e6)}` });
    const replies: Reply[] = [];
    for (let i = 1; i <= 5; i++) {
      replies.push(await reader.api.call(commentReply, { pid, cid: top.cid, content: `回复第 ${i} 条` }));
    }
    for (let i = 2; i <= 12; i++) await reader.api.call(commentSave, { pid, content: `第 ${i} 条评论` });

    const section = await openPostAs(page, context, pid, reader);
    await expect(section.getByTestId('comment-count')).toHaveText('共 17 条评论');
    // Newest first, ten a page.
    await expect(section.getByTestId('comment')).toHaveCount(10);
    await expect(section.getByTestId('comment').first()).toContainText('第 12 条评论');
    await section.getByTestId('comments-load-more').click();
    await expect(section.getByTestId('comment')).toHaveCount(12);
    await expect(section.getByTestId('comments-load-more')).toHaveCount(0);

    // The oldest comment shows its first three replies; the rest load on demand, in order.
    const oldest = section.getByTestId('comment').last();
    await expect(oldest.getByTestId('reply')).toHaveCount(3);
    await oldest.getByTestId('expand-replies').click();
    await expect(oldest.getByTestId('reply')).toHaveCount(5);
    await expect(oldest.getByTestId('reply').last()).toContainText('回复第 5 条');
    await expect(oldest.getByTestId('expand-replies')).toHaveCount(0);

    // Near the length limit a counter shows; the box takes no more than the limit.
    const input = section.getByTestId('comment-input');
    await input.fill('好'.repeat(460));
    await expect(section.getByTestId('comment-counter')).toHaveText('460/500');
    await input.fill('好'.repeat(520));
    await expect(input).toHaveValue('好'.repeat(500));
    await expect(section.getByTestId('comment-counter')).toHaveText('500/500');

    // Prohibited words: the server's message as a toast, the text kept for editing.
    await input.fill('想要的加我微信');
    await section.getByTestId('comment-send').click();
    await expect(page.getByRole('alert').filter({ hasText: '内容包含违规词语，请修改后再提交' })).toBeVisible();
    await expect(input).toHaveValue('想要的加我微信');
    await expect(section.getByTestId('comment')).toHaveCount(12);

    // The author blocks the reader: the server's reason comes back as a toast, nothing is added.
    await author.api.call(blockAct, { uid: reader.account.uid });
    await section.getByTestId('comment-input').fill('还能评论吗');
    await section.getByTestId('comment-send').click();
    await expect(page.getByRole('alert').filter({ hasText: '由于对方的隐私设置，你无法评论' })).toBeVisible();
    await expect(section.getByTestId('comment-input')).toHaveValue('还能评论吗');
    await expect(section.getByTestId('comment-count')).toHaveText('共 17 条评论');
  });

  test("a post's author deletes someone else's comment on it", { tag: ONE_VIEWPORT }, async ({ page, context }) => {
    const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const word = `顺便出一套二手轮胎，有需要的私聊 ${randomInt(1e6)}`;
    const comment = await reader.api.call(commentSave, { pid, content: word });
    await reader.api.call(commentReply, { pid, cid: comment.cid, content: '九成新，价格好商量' });

    const section = await openPostAs(page, context, pid, author);
    await expect(section.getByTestId('comment-count')).toHaveText('共 2 条评论');
    await deleteThroughMenu(page, commentByText(section, word));
    await expect(commentByText(section, word)).toHaveCount(0);
    await expect(section.getByTestId('comments-empty')).toHaveText('暂无评论，快来抢沙发');
    await expect(section.getByTestId('comment-count')).toHaveText('评论');
  });

  test.describe('on a bad network', () => {
    // The browser's own line about the cut connection is expected; nothing else may log.
    test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

    test('a comment whose answer is lost on the network is sent once more, directly, and stored once', {
      tag: ONE_VIEWPORT,
    }, async ({ page, context }) => {
      const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
      const pid = await createPost(author);
      const section = await openPostAs(page, context, pid, reader);

      // The first save reaches the server and is stored; its answer never reaches the page.
      const sends: string[] = [];
      await page.route(/\/api\/v1\/cms\/comment\/save(\?|$)/, async (route) => {
        sends.push(route.request().postData() ?? '');
        if (sends.length === 1) {
          await route.fetch();
          await route.abort('connectionreset');
        } else {
          await route.continue();
        }
      });
      const word = `信号不好也只发一次 ${randomInt(1e6)}`;
      await section.getByTestId('comment-input').fill(word);
      await section.getByTestId('comment-input').press('Enter');
      await expect(commentByText(section, word)).toHaveCount(1);
      await expect(section.getByTestId('comment-count')).toHaveText('共 1 条评论');

      // The retry carried the same client id, so the server answered the stored comment.
      expect(sends).toHaveLength(2);
      const ids = sends.map((body) => JSON.parse(body).client_msg_id);
      expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(ids[1]).toBe(ids[0]);
      const stored = await reader.api.call(commentPager, { pid, page: 1, size: 20 });
      expect(stored.filter((comment) => comment.content === word)).toHaveLength(1);
    });
  });

  test('the comment box stays on screen and uncovered while reading, light and dark', async ({
    page,
    context,
  }, testInfo) => {
    const [author, reader] = await Promise.all([loginByApi(), loginByApi()]);
    const pid = await createPost(author);
    const comment = await reader.api.call(commentSave, {
      pid,
      content: '这套改装很有质感！轮毂和车身颜色很搭，想问下贴膜是在哪家店做的？',
    });
    const answer = await author.api.call(commentReply, {
      pid,
      cid: comment.cid,
      content: '杭州的一家老店，回头私信你',
    });
    await reader.api.call(commentReply, { pid, cid: comment.cid, content: '好的，谢谢！', replyto: answer.uid });
    await author.api.call(commentSave, { pid, content: '欢迎大家交流用车心得～' });
    for (const word of ['太帅了', '求同款轮毂链接', '这个颜色真好看', '请问续航多少？', '已关注，期待更新']) {
      await reader.api.call(commentSave, { pid, content: word });
    }

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const section = await openPostAs(page, context, pid, reader);
      await commentByText(section, '这套改装很有质感！轮毂和车身颜色很搭，想问下贴膜是在哪家店做的？')
        .getByTestId('comment-reply')
        .first()
        .click();
      await section.getByTestId('comment-input').fill('我也想知道');
      // Reading from the top of the comments, the box sits at the bottom of the screen, on top.
      await section.getByTestId('comment-count').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
      const composer = section.getByTestId('comment-composer');
      await expect(composer).toBeInViewport({ ratio: 1 });
      const isOnTop = await composer.evaluate((box) => {
        const rect = box.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.bottom - 4);
        return hit !== null && box.contains(hit);
      });
      expect(isOnTop, 'nothing covers the comment box').toBe(true);
      await page.screenshot({
        path: `/tmp/shots-comments/${testInfo.project.name}-${scheme}.png`,
        fullPage: false,
      });
    }
  });
});
