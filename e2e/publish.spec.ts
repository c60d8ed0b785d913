import { randomBytes } from 'node:crypto';
import { draftCount, draftInfo, draftPager, draftRelease, postDetail } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { testVideo } from '../apps/server/test/test-media.ts';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { loginInBrowser } from './support/login.ts';
import { noisePng } from './support/media.ts';

const pngFile = (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: noisePng(width, height),
});

/** A word no other test writes, so lists can be searched for this test's post. */
const tag = () => randomBytes(3).toString('hex');

const textArea = (page: Page) => page.getByPlaceholder('分享你的用车故事…');
const imageItems = (page: Page) => page.getByTestId('image-item');

async function pickTheme(page: Page, label: string) {
  await page.getByTestId('theme-picker').getByText(label, { exact: true }).click();
}

async function waitForUploads(page: Page, count: number) {
  await expect(imageItems(page)).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect(imageItems(page).nth(i)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  }
}

test.describe('publish', () => {
  test('a logged-out visitor is asked to log in, and 登录 opens the login modal', { tag: ONE_VIEWPORT }, async ({
    page,
  }) => {
    const response = await page.goto('/publish');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('publish-guest')).toContainText('登录后发布动态');
    await expect(page.getByTestId('composer')).toHaveCount(0);
    await page.getByTestId('login-prompt-button').click();
    await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
  });

  test('a writer publishes a post with two images and finds it on its page, in the feed and on their profile', async ({
    page,
    reader: me,
    isMobile,
  }) => {
    await page.goto('/');
    await page.getByTestId(isMobile ? 'tab-publish' : 'header-publish').click();
    await expect(page).toHaveURL(/\/publish$/);
    await expect(page).toHaveTitle('发布动态 - 车友圈');

    const text = `周末带娃去滴水湖看日落，充电桩很好找 ${tag()}`;
    await textArea(page).fill(text);
    await expect(page.getByTestId('content-counter')).toHaveText(`${text.length}/2000`);
    await expect(page.getByTestId('publish')).toBeDisabled();
    await expect(page.getByTestId('publish-hint')).toHaveText('还需：话题、图片或视频');

    // Two images picked at once: each uploads with its own progress, then shows its thumbnail.
    await page.getByTestId('image-input').setInputFiles([pngFile('wide.png', 60, 40), pngFile('tall.png', 40, 60)]);
    await waitForUploads(page, 2);
    await expect(imageItems(page).first()).toContainText('封面');

    // The second becomes the cover: dragged on desktop, moved with its button on a phone.
    if (isMobile) {
      await page.getByRole('button', { name: '第 2 张图片前移' }).click();
    } else {
      await imageItems(page).nth(1).dragTo(imageItems(page).nth(0));
    }

    await pickTheme(page, '旅行');
    await page.getByLabel('地点').fill('上海·滴水湖');
    await page.getByRole('switch', { name: '打卡' }).click();
    await expect(page.getByRole('switch', { name: '打卡' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('publish-hint')).toHaveCount(0);

    await page.getByTestId('publish').click();
    await expect(page.getByText('发布成功')).toBeVisible();
    await page.waitForURL(/\/post\/\d+$/);
    const pid = Number(/\/post\/(\d+)$/.exec(page.url())?.[1]);

    const [post] = await me.api.call(postDetail, { pid });
    expect(post).toMatchObject({
      content: text,
      type: 'travel',
      location: '上海·滴水湖',
      checkin: 1,
      isvio: 0,
      ismine: 1,
      uid: me.account.uid,
    });
    expect(
      post?.imgpack.map((image) => [image.width, image.height]),
      'the tall image was moved first',
    ).toEqual([
      [40, 60],
      [60, 40],
    ]);

    // Its own page, the home feed and the author's profile all show it.
    await expect(page.getByText(text).first()).toBeVisible();
    await page.goto('/');
    await expect(page.locator(`[data-testid="post-card"][data-pid="${pid}"]`)).toContainText(text);
    await page.goto(`/user/${me.account.uid}`);
    await expect(page.locator(`[data-testid="post-card"][data-pid="${pid}"]`)).toContainText(text);
  });

  test('autosave keeps a draft, the drafts list reopens it, and publishing it removes the draft', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 31.230416, longitude: 121.473701 });
    // The page's timers run on a clock the test moves: the autosave delay takes no time.
    await page.clock.install();
    await page.goto('/publish');
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (0)');

    const text = `新装的氛围灯，晚上开门很有仪式感 ${tag()}\n第二行：色温选了 4000K`;
    await textArea(page).fill(text);
    await page.getByTestId('image-input').setInputFiles([pngFile('light.png', 50, 50)]);
    await waitForUploads(page, 1);
    await pickTheme(page, '改装');
    // Only the coordinates come from the browser: the place name stays what was typed (nothing).
    await page.getByRole('button', { name: '使用当前位置' }).click();
    await expect(page.getByTestId('coordinates')).toHaveText('已附带坐标 31.2304, 121.4737');
    await expect(page.getByLabel('地点')).toHaveValue('');

    // A few seconds after the last change the draft is saved, and its did goes into the address.
    await expect
      .poll(async () => {
        await page.clock.runFor(1000);
        return page.getByTestId('save-status').textContent();
      })
      .toMatch(/^已自动保存 \d{2}:\d{2}$/);
    await expect(page).toHaveURL(/\/publish\?did=\d+$/);
    const did = Number(new URL(page.url()).searchParams.get('did'));
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (1)');
    const saved = await me.api.call(draftInfo, { did });
    expect(saved).toMatchObject({
      content: text,
      type: 'mod',
      location: '',
      latitude: 31.230416,
      longitude: 121.473701,
    });
    expect(saved.imgpack).toHaveLength(1);

    // Later: 草稿箱 on their own profile opens a fresh composer with the list, where the draft waits.
    await page.goto(`/user/${me.account.uid}`);
    await page.getByTestId('profile-drafts').click();
    const sheet = page.getByTestId('drafts-sheet');
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL('/publish');
    await expect(textArea(page)).toHaveValue('');
    await expect(sheet.getByRole('heading')).toHaveText('草稿箱 (1)');
    const row = sheet.getByTestId('draft-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('draft-title')).toHaveText(text.split('\n')[0] as string);
    await expect(row.getByTestId('draft-theme')).toHaveText('改装');
    await expect(row).toContainText('1 张图片');
    await expect(row).toContainText(/保存于 今天 \d{2}:\d{2}/);
    await expect(row.locator('img')).toBeVisible();

    await row.getByRole('button', { name: /^继续编辑/ }).click();
    await expect(page).toHaveURL(`/publish?did=${did}`);
    await expect(textArea(page)).toHaveValue(text);
    await waitForUploads(page, 1);
    await expect(page.getByRole('radio', { name: '改装' })).toBeChecked();
    await expect(page.getByTestId('coordinates')).toBeVisible();

    await page.getByTestId('publish').click();
    await page.waitForURL(/\/post\/\d+$/);
    const pid = Number(/\/post\/(\d+)$/.exec(page.url())?.[1]);
    const [post] = await me.api.call(postDetail, { pid });
    expect(post).toMatchObject({ content: text, type: 'mod' });

    // The draft went with the publish.
    expect((await me.api.call(draftCount, {})).count).toBe(0);
    await expect(me.api.call(draftInfo, { did })).rejects.toMatchObject({ status: 4004 });
    await page.goto('/publish');
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (0)');
    await page.getByTestId('open-drafts').click();
    await expect(page.getByTestId('drafts-empty')).toBeVisible();
  });

  test('存草稿 saves at once; the drafts list pages by 9 and deletes only after a confirm', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    for (let i = 1; i <= 9; i++) {
      await me.api.call(draftRelease, {
        content: `旧草稿 ${i}`,
        type: i % 2 ? 'exp' : '',
        imgpack: [],
        latitude: null,
        longitude: null,
        checkin: 0,
      });
    }
    await page.goto('/publish');
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (9)');

    await textArea(page).fill('最新的一篇：冬季续航实测');
    await page.getByTestId('save-draft').click();
    await expect(page.getByText('已保存到草稿箱')).toBeVisible();
    await expect(page.getByTestId('save-status')).toHaveText(/^已保存 \d{2}:\d{2}$/);
    await expect(page).toHaveURL(/\/publish\?did=\d+$/);
    const did = Number(new URL(page.url()).searchParams.get('did'));
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (10)');

    await page.getByTestId('open-drafts').click();
    const sheet = page.getByTestId('drafts-sheet');
    const rows = sheet.getByTestId('draft-row');
    await expect(rows).toHaveCount(9);
    await expect(rows.first()).toHaveAttribute('data-did', String(did));
    await expect(rows.first()).toContainText('编辑中');
    await expect(rows.first().getByTestId('draft-theme')).toHaveText('未选话题');
    await expect(sheet.getByTestId('drafts-page')).toHaveText('第 1 / 2 页');

    await sheet.getByRole('button', { name: '下一页' }).click();
    await expect(sheet.getByTestId('drafts-page')).toHaveText('第 2 / 2 页');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('draft-title')).toHaveText('旧草稿 1');
    await expect(rows.first().getByTestId('draft-theme')).toHaveText('经验');

    // Delete asks first; 取消 keeps it.
    await rows.first().getByRole('button', { name: '删除草稿：旧草稿 1' }).click();
    await expect(sheet.getByText('删除这篇草稿？删除后无法恢复。')).toBeVisible();
    await sheet.getByRole('button', { name: '取消' }).click();
    await expect(sheet.getByText('删除这篇草稿？删除后无法恢复。')).toHaveCount(0);
    expect((await me.api.call(draftCount, {})).count).toBe(10);

    await rows.first().getByRole('button', { name: '删除草稿：旧草稿 1' }).click();
    await sheet.getByTestId('draft-delete-confirm').click();
    await expect(page.getByText('草稿已删除')).toBeVisible();
    // The last page emptied: back to page 1, and no more pages.
    await expect(rows).toHaveCount(9);
    await expect(sheet.getByTestId('drafts-page')).toHaveCount(0);
    await expect(sheet.getByRole('heading')).toHaveText('草稿箱 (9)');
    const left = await me.api.call(draftPager, { idx: 1, size: 9 });
    expect(left.map((d) => d.content)).not.toContain('旧草稿 1');
    expect(left).toHaveLength(9);

    // Deleting the draft on screen starts afresh.
    await rows
      .first()
      .getByRole('button', { name: /^删除草稿：最新的一篇/ })
      .click();
    await sheet.getByTestId('draft-delete-confirm').click();
    await expect(page).toHaveURL(/\/publish$/);
    await expect(textArea(page)).toHaveValue('');
    await expect(page.getByTestId('open-drafts')).toHaveText('草稿箱 (8)');
    await expect(me.api.call(draftInfo, { did })).rejects.toMatchObject({ status: 4004 });
  });

  test('leaving with unsaved text asks first', async ({ page, context }) => {
    const me = await loginInBrowser(context);
    await page.goto('/publish');
    const home = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '推荐' });

    // Within the autosave delay, the text is not saved yet.
    await textArea(page).fill('写了一半的游记');
    await home.click();
    const dialog = page.getByTestId('leave-dialog');
    await expect(dialog.getByRole('heading')).toHaveText('离开发布页？');
    await dialog.getByRole('button', { name: '继续编辑' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/publish/);
    await expect(textArea(page)).toHaveValue('写了一半的游记');

    // 保存并离开: the draft is kept, then the link is followed.
    await textArea(page).fill('写了一半的游记，第二天');
    await home.click();
    await dialog.getByRole('button', { name: '保存并离开' }).click();
    await expect(page).toHaveURL(/\/$/);
    const [kept] = await me.api.call(draftPager, { idx: 1, size: 9 });
    expect(kept?.content).toBe('写了一半的游记，第二天');

    // 不保存: nothing more is kept.
    await page.goto('/publish');
    await textArea(page).fill('不想要的开头');
    await home.click();
    await dialog.getByRole('button', { name: '不保存' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await me.api.call(draftCount, {})).count).toBe(1);

    // Closing or reloading the tab: the browser's own prompt.
    await page.goto('/publish');
    // A real click: browsers prompt on beforeunload only after the person touched the page.
    await textArea(page).click();
    await textArea(page).fill('关掉标签页之前');
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.dismiss();
  });

  test.describe('file checks', () => {
    // One pattern: a two-element array would read as Playwright's [value, options] fixture form.
    // - Chromium logs the upload that the server refuses (an HTTP 4xx) as a console error.
    // - NOTE: Playwright's trace snapshotter fetches the blob: preview of the undecodable
    //   fake.png from inside the page, which the page's CSP (connect-src) refuses; the page
    //   itself never fetches it (a run without tracing logs nothing).
    test.use({
      allowedConsoleErrors: [
        /^(Failed to load resource: the server responded with a status of 4\d\d|Connecting to 'blob:http:\/\/127\.0\.0\.1:\d+\/[\w-]+' violates the following Content Security Policy directive: "connect-src)/,
      ],
    });

    test('a non-image or a too-large file is refused before upload; a renamed one fails with a retry', {
      tag: ONE_VIEWPORT,
    }, async ({ page, reader: _ }) => {
      await page.goto('/publish');
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /upload|\/files/.test(request.url())) uploads.push(request.url());
      });

      await page.getByTestId('image-input').setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('不是图片') },
        { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
      ]);
      const notice = page.getByTestId('media-notice');
      await expect(notice).toContainText('「notes.txt」不是支持的图片格式，请选择 JPG、PNG、WebP、GIF 或 AVIF 图片');
      await expect(notice).toContainText('「huge.png」超过 10 MB，请压缩后再上传');
      await expect(imageItems(page)).toHaveCount(0);

      await page
        .getByTestId('video-input')
        .setInputFiles([{ name: 'clip.avi', mimeType: 'video/x-msvideo', buffer: Buffer.from('RIFF') }]);
      await expect(notice).toContainText('「clip.avi」不是支持的视频格式，请选择 MP4、MOV 或 WebM 视频');
      expect(uploads, 'nothing was sent').toEqual([]);
      await notice.getByRole('button', { name: '知道了' }).click();
      await expect(notice).toHaveCount(0);

      // A text file named .png passes the browser's check; the server reads the bytes and refuses it.
      await page
        .getByTestId('image-input')
        .setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('这其实是一段文字') }]);
      const failed = imageItems(page).first();
      await expect(failed).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
      await expect(failed.getByRole('alert')).toContainText('不是有效的图片');
      await expect(page.getByTestId('publish-hint')).toHaveText('还需：正文、话题');
      await pickTheme(page, '特斯拉');
      await textArea(page).fill('正文');
      await expect(page.getByTestId('publish-hint')).toHaveText('有文件上传失败，请重试或移除');
      await expect(page.getByTestId('publish')).toBeDisabled();

      await failed.getByRole('button', { name: '重试' }).click();
      await expect(failed).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
      await page.getByRole('button', { name: '移除第 1 张图片' }).click();
      await expect(imageItems(page)).toHaveCount(0);
      await expect(page.getByTestId('pick-images')).toBeVisible();
    });
  });

  test('a video post: upload progress, then its cover and duration', { tag: ONE_VIEWPORT }, async ({
    page,
    reader: me,
  }) => {
    await page.goto('/publish');
    await page.getByTestId('video-input').setInputFiles([
      {
        name: 'clip.mp4',
        mimeType: 'video/mp4',
        buffer: await testVideo('mp4', { width: 320, height: 240, seconds: 2 }),
      },
    ]);
    const video = page.getByTestId('video-item');
    await expect(video).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(video.getByRole('img', { name: '视频封面' })).toBeVisible();
    await expect(video.getByTestId('video-duration')).toHaveText(/0:02$/);
    // One video or images, never both.
    await expect(page.getByTestId('pick-images')).toHaveCount(0);

    const text = `第一次用哨兵模式录到的画面 ${tag()}`;
    await textArea(page).fill(text);
    await pickTheme(page, '特斯拉');
    await page.getByTestId('publish').click();
    await page.waitForURL(/\/post\/\d+$/);
    const pid = Number(/\/post\/(\d+)$/.exec(page.url())?.[1]);
    const [post] = await me.api.call(postDetail, { pid });
    expect(post).toMatchObject({ content: text, type: 'tesla', isvio: 1 });
    expect(post?.imgpack).toEqual([]);
    expect(post?.duration).toBeCloseTo(2, 0);
  });
});
