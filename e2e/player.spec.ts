import { type ApiClient, type Post, postsNoAds } from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { loginByApi } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';

/** SPEC.md §9 "Player" (apps/web/app/features/player/constants.ts). */
const SEEK_STEP_SECONDS = 10;
const AD_SAFETY_TIMEOUT_MS = 12_000;
/** The fixed message of YouTube's error 150 (features/player/messages.ts). */
const YOUTUBE_150 = '视频所有者不允许在其他网站播放此视频';

/** A seeded video post whose HLS ladder is ready. */
async function seededVideoPost(api: ApiClient): Promise<Post> {
  for (let page = 1; page <= 5; page += 1) {
    const posts = await api.call(postsNoAds, { page, size: 20 });
    const video = posts.find((post) => post.isvio === 1 && post.viohls !== '');
    if (video) return video;
    if (posts.length < 20) break;
  }
  throw new Error('the seed has video posts with an HLS ladder');
}

function mediaOf(player: Locator): Locator {
  return player.locator('[slot="media"]');
}

/** Reads a property of the player's media element (the <video> or <hls-video>). */
function mediaValue<T>(player: Locator, read: (media: HTMLVideoElement) => T): Promise<T> {
  // The function runs in the page: passed as it is (a wrapper's closure would not travel).
  return mediaOf(player).evaluate(read as unknown as (element: Element) => T);
}

async function startPlayer(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const player = page.getByTestId('video-player');
  await expect(player).toHaveAttribute('data-state', 'stopped');
  await player.getByTestId('video-player-start').click();
  return player;
}

test.describe('video player', () => {
  test('plays a video post: speed, quality, keyboard seeking, picture-in-picture', async ({ page, api }, info) => {
    const post = await seededVideoPost(api);
    const player = await startPlayer(page, `/post/${post.pid}`);
    await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    await expect(player).toHaveAttribute('data-source', 'hls');
    await shoot(page, info.project.name, 'player-playing');

    // Speed: the menu of 0.5–4, here 2×.
    await player.getByTestId('video-speed').click();
    const speeds = player.locator('media-playback-rate-menu [role="menuitemradio"]');
    await expect(speeds).toHaveCount(8);
    await player.locator('media-playback-rate-menu [role="menuitemradio"][value="2"]').click();
    await expect.poll(() => mediaValue(player, (m) => m.playbackRate)).toBe(2);

    // Quality: the video's renditions and 自动, the one nearest 576 chosen first.
    await player.getByTestId('video-quality').click();
    const qualities = player.locator('media-rendition-menu [role="menuitemradio"]');
    await expect(qualities.first()).toBeVisible();
    const labels = await qualities.allTextContents();
    expect(labels.some((label) => label.includes('自动'))).toBe(true);
    const heights = labels.map((label) => Number(/(\d+)p/.exec(label)?.[1] ?? 0)).filter((h) => h > 0);
    expect(heights.length).toBeGreaterThan(0);
    const nearest = [...heights].sort((a, b) => Math.abs(a - 576) - Math.abs(b - 576) || a - b)[0];
    await expect(player.locator('media-rendition-menu [role="menuitemradio"][aria-checked="true"]')).toContainText(
      `${nearest}p`,
    );
    await qualities.filter({ hasText: '自动' }).click();
    await expect
      .poll(() =>
        mediaOf(player).evaluate(
          (m) => (m as unknown as { videoRenditions: { selectedIndex: number } }).videoRenditions.selectedIndex,
        ),
      )
      .toBe(-1);

    // Keyboard: ArrowRight on the progress slider jumps 10 s (clamped to the end), ArrowLeft back.
    await mediaOf(player).evaluate((m) => {
      const media = m as HTMLVideoElement;
      media.pause();
      media.currentTime = 0;
    });
    await expect(player).toHaveAttribute('data-state', 'paused');
    await shoot(page, info.project.name, 'player-paused');
    const duration = await mediaValue(player, (m) => m.duration);
    const progress = player.getByTestId('video-progress');
    await expect(progress).toHaveAttribute('min', '0');
    await expect(progress).toHaveAttribute('max', '100');
    await expect(progress).toHaveAttribute('step', '0.01');
    await progress.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => mediaValue(player, (m) => m.currentTime))
      .toBeCloseTo(Math.min(SEEK_STEP_SECONDS, duration), 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => mediaValue(player, (m) => m.currentTime)).toBe(0);

    // No captions on this post: no captions menu.
    await expect(player.getByTestId('video-captions')).toHaveCount(post.viocaption ? 1 : 0);

    // Picture-in-picture: entered where the browser allows it, else the control says it cannot.
    const pip = player.getByTestId('video-pip');
    const pipEnabled = await page.evaluate(() => document.pictureInPictureEnabled);
    if (pipEnabled) {
      await pip.click();
      await expect(pip).toHaveAttribute('mediaispip', '');
      await expect.poll(() => page.evaluate(() => document.pictureInPictureElement !== null)).toBe(true);
    } else {
      await expect(pip).toHaveAttribute('mediapipunavailable', /.*/);
    }
  });

  test(
    'a YouTube link plays in the player; its error 150 shows the fixed message',
    { tag: ONE_VIEWPORT },
    async ({ page }, info) => {
      const author = await loginByApi();
      // Posts with a picture (every post has one or a video) whose text links a YouTube video.
      const working = await publishImagePost(author, 'exp', '试驾视频 https://youtu.be/abcdefghijk 值得一看');
      const refused = await publishImagePost(
        author,
        'exp',
        '这个视频不让嵌入：https://www.youtube.com/watch?v=err150aaaaa',
      );

      let player = await startPlayer(page, `/post/${working}`);
      await expect(player).toHaveAttribute('data-embed', 'youtube');
      await expect(player).toHaveAttribute('data-state', 'playing');

      player = await startPlayer(page, `/post/${refused}`);
      await expect(player.getByTestId('video-embed-error')).toHaveText(YOUTUBE_150);
      await expect(player.getByRole('link', { name: '在 YouTube 打开' })).toHaveAttribute(
        'href',
        'https://www.youtube.com/watch?v=err150aaaaa',
      );
      await shoot(page, info.project.name, 'player-embed-error');
    },
  );

  test(
    'a broken ad gives way to the video after the safety timer',
    { tag: ONE_VIEWPORT },
    async ({ page, api }, info) => {
      const post = await seededVideoPost(api);
      // The ad tag (the fake's /vast, "no ad" by default) answers an ad whose creative never arrives.
      await page.route(/\/vast(\?|$)/, async (route) => {
        const url = new URL(route.request().url());
        url.pathname = '/vast/broken';
        await route.fulfill({ response: await route.fetch({ url: url.toString() }) });
      });
      await page.clock.install();
      const player = await startPlayer(page, `/post/${post.pid}`);
      const ad = player.getByTestId('video-ad');
      await expect(ad.getByTestId('video-ad-label')).toContainText('广告');
      await expect(ad.getByTestId('video-ad-skip')).toBeDisabled();
      await shoot(page, info.project.name, 'player-ad');
      await expect(player).toHaveAttribute('data-state', 'loading');
      await page.clock.fastForward(AD_SAFETY_TIMEOUT_MS);
      await expect(ad).toHaveCount(0);
      await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    },
  );
});
