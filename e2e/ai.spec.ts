import { randomInt } from 'node:crypto';
import { aiGallery, commentSave, myAccount, postDetail } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { loginByApi, loginInBrowser, useSession } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

/** A local generation takes a few seconds (a video more); a busy CI machine takes longer. */
const GENERATION_TIMEOUT_MS = 60_000;

const job = (page: Page) => page.getByTestId('ai-job');

/** The header's avatar picture (the account menu's button, on phones and desktops). */
const headerAvatar = (page: Page) => page.getByTestId('header-account').locator('img');

test.describe('ai', () => {
  test('a car owner generates a picture with the local generator, watches it run, and publishes it as a post', async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    const me = await loginInBrowser(context);
    // The account menu leads there.
    await page.goto('/');
    await page.getByTestId('header-account').click();
    await page.getByTestId('account-menu-ai').click();
    await page.waitForURL(/\/ai$/);
    await expect(page).toHaveTitle('AI 创作 - 车友圈');
    await expect(page.getByTestId('ai-tab-image')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ai-provider')).toHaveText('当前为本地生成器：根据描述绘制示意作品，非 AI 大模型');
    await expect(page.getByTestId('ai-cost')).toHaveText('今日免费剩 20 次');
    await expect(page.getByTestId('ai-totals')).toContainText('今日共剩 20/20 次');
    await expect(page.getByTestId('ai-job-empty')).toBeVisible();
    await expect(page.getByTestId('ai-gallery-empty')).toBeVisible();
    await expect(page.getByTestId('ai-generate')).toBeDisabled();
    await shoot(page, testInfo.project.name, 'ai-idle', { fullPage: true });

    const prompt = `夕阳下的海边公路，一辆白色电动车驶向远方 ${randomInt(1e6)}`;
    await page.getByTestId('ai-prompt').fill(prompt);
    await expect(page.getByTestId('ai-prompt-counter')).toHaveText(`${prompt.length}/500`);
    await page.getByTestId('ai-style-watercolor').click();
    await expect(page.getByTestId('ai-style-watercolor')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('ai-aspect-4x3').click();
    await page.getByTestId('ai-generate').click();

    // The call answers at once with the job, queued; it then runs to its result.
    await expect(job(page)).toHaveAttribute('data-state', /queued|running|succeeded/);
    await expect(page.getByTestId('ai-job-prompt')).toHaveText(prompt);
    await expect(job(page)).toHaveAttribute('data-state', 'succeeded', { timeout: GENERATION_TIMEOUT_MS });
    const picture = job(page).getByTestId('ai-result-image');
    await expect(picture).toHaveCount(1);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const shape = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
    expect(shape).toBeCloseTo(4 / 3, 1);
    await expect(job(page).getByTestId('ai-download')).toHaveAttribute('download', '');
    // One free use spent; the history shows the work.
    await expect(page.getByTestId('ai-cost')).toHaveText('今日免费剩 19 次');
    const item = page.getByTestId('ai-gallery-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-state', 'succeeded');
    await shoot(page, testInfo.project.name, 'ai-result', { fullPage: true });

    // 发布为动态: the composer opens with the picture attached and the prompt to edit.
    await job(page).getByTestId('ai-publish').click();
    await page.waitForURL(/\/publish\?did=\d+$/);
    await expect(page.getByTestId('image-item')).toHaveCount(1);
    await expect(page.getByTestId('image-item')).toHaveAttribute('data-status', 'done');
    await expect(page.getByPlaceholder('分享你的用车故事…')).toHaveValue(prompt);
    await page.getByTestId('theme-picker').getByText('特斯拉', { exact: true }).click();
    await page.getByTestId('publish').click();
    await page.waitForURL(/\/post\/\d+$/);
    const pid = Number(/\/post\/(\d+)$/.exec(page.url())?.[1]);
    const [post] = await me.api.call(postDetail, { pid });
    const [work] = (await me.api.call(aiGallery, { page: 1, size: 20, kind: 'all' })).items;
    expect(post?.imgpack.map((image) => image.src)).toEqual(work?.paths);
    const shown = page.getByTestId('post-carousel').locator('img').first();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId('post-view')).toContainText(prompt);
  });

  test('a visitor reads what the tools do and is asked to log in; the Tesla page leads there', {
    tag: ONE_VIEWPORT,
  }, async ({ page }) => {
    await page.goto('/tesla-tools');
    const tools = page.getByTestId('tools-hub');
    await expect(tools.getByTestId('tool-ai-image')).toHaveAttribute('href', '/ai');
    await expect(tools.getByTestId('tool-ai-avatar')).toHaveAttribute('href', '/settings#avatar');
    await tools.getByTestId('tool-ai-video').click();
    await page.waitForURL(/\/ai\?tab=video$/);
    await expect(page.getByTestId('ai-guest')).toContainText('AI 视频');
    await expect(page.getByTestId('ai-form')).toHaveCount(0);
    await page.getByTestId('login-prompt-button').click();
    await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
  });

  test('a video from the video tab; the members-only 会员高清 offers VIP; a work is deleted from the history', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    test.slow();
    await loginInBrowser(context);
    await page.goto('/ai');
    await page.getByTestId('ai-tab-video').click();
    await expect(page).toHaveURL(/\/ai\?tab=video$/);
    await expect(page.getByTestId('ai-tab-video')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ai-cost')).toHaveText('今日免费剩 3 次');
    await expect(page.getByTestId('ai-aspect-16x9')).toHaveAttribute('aria-checked', 'true');

    // Not a member: the switch stays off and says where membership is.
    await page.getByTestId('ai-vip-toggle').click();
    await expect(page.getByTestId('ai-vip-toggle')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('ai-vip-upsell')).toContainText('会员高清为 VIP 会员专享');
    await expect(page.getByTestId('ai-vip-link')).toHaveAttribute('href', '/vip');

    await page.getByTestId('ai-prompt').fill('雨夜的城市街道，霓虹灯倒映在车身上');
    await page.getByTestId('ai-generate').click();
    await expect(job(page)).toHaveAttribute('data-state', 'succeeded', { timeout: GENERATION_TIMEOUT_MS });
    const video = job(page).getByTestId('ai-result-video');
    await expect(video).toHaveAttribute('src', /\.mp4/);
    await expect(video).toHaveAttribute('poster', /.+/);
    await expect(page.getByTestId('ai-cost')).toHaveText('今日免费剩 2 次');

    const item = page.getByTestId('ai-gallery-item');
    await expect(item).toHaveCount(1);
    await item.getByTestId('ai-gallery-delete').click();
    await page.getByTestId('ai-delete-confirm-confirm').click();
    await expect(page.getByText('已删除')).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(page.getByTestId('ai-gallery-empty')).toBeVisible();
    // Gone from the current job too, and for good.
    await expect(page.getByTestId('ai-job-empty')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('ai-gallery-empty')).toBeVisible();
  });
});

test.describe('ai avatars', () => {
  test('a user picks an AI avatar in settings and the header shows it', async ({ page, context }, testInfo) => {
    const me = await loginInBrowser(context);
    await page.goto('/settings#avatar');
    const picker = page.getByTestId('ai-avatars');
    await expect(picker).toHaveAttribute('data-state', 'ok');
    const choices = picker.getByTestId('ai-avatar-choice');
    await expect(choices).toHaveCount(6);
    await expect(choices.nth(1)).toHaveAccessibleName('使用卡通风格头像');
    await expect(choices.nth(5)).toContainText('像素');
    await expect
      .poll(() =>
        choices.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await shoot(page, testInfo.project.name, 'settings-avatars');

    // 换一批: six new faces.
    const before = await choices.first().locator('img').getAttribute('src');
    await picker.getByTestId('ai-avatars-more').click();
    await expect(choices.first().locator('img')).not.toHaveAttribute('src', before ?? '');
    await expect(choices).toHaveCount(6);

    await choices.nth(2).click();
    await expect(page.getByText('头像已更换')).toBeVisible();
    await expect(choices.nth(2)).toHaveAttribute('aria-pressed', 'true');
    const account = await me.api.call(myAccount, {});
    expect(account.avatar).not.toBe(me.account.avatar);
    // The header and the profile section follow without a reload.
    await expect(headerAvatar(page)).toHaveAttribute('src', new RegExp(`${account.avatar.replace(/[.?]/g, '\\$&')}$`));
    await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
      'src',
      new RegExp(`${account.avatar.replace(/[.?]/g, '\\$&')}$`),
    );
    // The own profile leads to the AI tools too.
    await page.goto(`/user/${me.account.uid}`);
    await expect(page.getByTestId('profile-ai')).toHaveAttribute('href', '/ai');
  });
});

test.describe('translation', () => {
  test(
    'a reader translates an English comment and a Chinese post inline, and folds them; visitors have no 翻译',
    {
      tag: ONE_VIEWPORT,
    },
    async ({ page, context, reader }, testInfo) => {
      const author = await loginByApi();
      const text = `冬天的续航比夏天少了三成，提前预热电池很有用 ${randomInt(1e6)}`;
      const pid = await publishImagePost(author, 'tesla', text);
      await author.api.call(commentSave, { pid, content: 'The charging was really fast today.' });

      await page.goto(`/post/${pid}`);
      const comment = page.getByTestId('comment').filter({ hasText: 'The charging was really fast today.' });
      await expect(comment).toBeVisible();
      await comment.getByTestId('translate').click();
      const translation = comment.getByTestId('translation');
      await expect(translation.getByTestId('translation-text')).toHaveText('今天充电真的很快。');
      await expect(translation.getByTestId('translation-source')).toHaveText('译自英语');
      await expect(comment.getByTestId('translate')).toHaveAttribute('aria-expanded', 'true');
      await shoot(page, testInfo.project.name, 'translated-comment');
      await translation.getByTestId('translation-close').click();
      await expect(translation).toHaveCount(0);

      // The post's own text is Chinese: 译为英文.
      const body = page.getByTestId('post-body');
      await expect(body.getByTestId('translate')).toHaveText('译为英文');
      await body.getByTestId('translate').click();
      await expect(body.getByTestId('translation-text')).toHaveText(`[EN] ${text}`);
      await expect(body.getByTestId('translation-source')).toHaveText('译自中文');

      // Logged out: no 翻译 anywhere.
      await context.clearCookies();
      await page.goto(`/post/${pid}`);
      await expect(page.getByTestId('comment').first()).toBeVisible();
      await expect(page.getByTestId('translate')).toHaveCount(0);
      // And back in, it is there again (the reader fixture's session).
      await useSession(context, reader.token);
      await page.reload();
      await expect(page.getByTestId('post-body').getByTestId('translate')).toBeVisible();
    },
  );
});
