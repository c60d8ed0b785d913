import { randomBytes } from 'node:crypto';
import { draftInfo, postDetail } from '@evcircle/contract';
import { testVideo } from '../apps/server/test/test-media.ts';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';

const SRT =
  '1\n00:00:00,000 --> 00:00:01,000\n<font color="red">出发啦</font>\n\n2\n00:00:01,000 --> 00:00:02,000\n到站\n';

test.describe('captions in the composer', () => {
  test('a writer adds 字幕 to a video, keeps it in a draft, publishes, and the post plays its HLS ladder', {
    tag: ONE_VIEWPORT,
  }, async ({ page, reader: me }) => {
    await page.goto('/publish');
    // No caption button before there is a video.
    await expect(page.getByTestId('pick-caption')).toHaveCount(0);
    await page.getByTestId('video-input').setInputFiles([
      {
        name: 'clip.mp4',
        mimeType: 'video/mp4',
        buffer: await testVideo('mp4', { width: 320, height: 240, seconds: 2 }),
      },
    ]);
    await expect(page.getByTestId('video-item')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

    // Another kind of file is refused before it uploads.
    await page
      .getByTestId('caption-input')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect(page.getByTestId('media-notice')).toContainText('「notes.txt」不是字幕文件');
    await expect(page.getByTestId('caption-item')).toHaveCount(0);

    // A caption the server cannot read shows its message, and can be removed.
    await page
      .getByTestId('caption-input')
      .setInputFiles([{ name: 'bad.srt', mimeType: '', buffer: Buffer.from('这不是字幕') }]);
    const caption = page.getByTestId('caption-item');
    await expect(caption).toHaveAttribute('data-status', 'failed');
    await expect(caption.getByRole('alert')).toHaveText('字幕文件格式不正确，请上传 .srt 或 .vtt 字幕');
    await caption.getByRole('button', { name: '移除字幕' }).click();
    await expect(caption).toHaveCount(0);

    await page
      .getByTestId('caption-input')
      .setInputFiles([{ name: '行车.srt', mimeType: '', buffer: Buffer.from(SRT) }]);
    await expect(caption).toHaveAttribute('data-status', 'done');
    await expect(caption).toContainText('行车.srt');

    const text = `带字幕的视频 ${randomBytes(3).toString('hex')}`;
    await page.getByPlaceholder('分享你的用车故事…').fill(text);
    await page.getByTestId('theme-picker').getByText('特斯拉', { exact: true }).click();

    // Saved in a draft too.
    await page.getByTestId('save-draft').click();
    await expect(page.getByText('已保存到草稿箱')).toBeVisible();
    await expect(page).toHaveURL(/\/publish\?did=\d+$/);
    const did = Number(new URL(page.url()).searchParams.get('did'));
    const draft = await me.api.call(draftInfo, { did });
    expect(draft.viocaption).toMatch(/\.vtt$/);

    await page.getByTestId('publish').click();
    await page.waitForURL(/\/post\/\d+$/);
    const pid = Number(/\/post\/(\d+)$/.exec(page.url())?.[1]);
    const [post] = await me.api.call(postDetail, { pid });
    expect(post?.viocaption).toBe(draft.viocaption);
    const vtt = await page.request.get(`/files/${post?.viocaption}`);
    expect(vtt.headers()['content-type']).toBe('text/vtt; charset=utf-8');
    expect(await vtt.text()).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n出发啦\n\n00:00:01.000 --> 00:00:02.000\n到站\n',
    );

    // The background job gives the post its HLS ladder.
    await expect
      .poll(async () => (await me.api.call(postDetail, { pid }))[0]?.viohls ?? '', { timeout: 60_000 })
      .toMatch(/-hls\/master\.m3u8$/);
    const [ready] = await me.api.call(postDetail, { pid });
    const master = await page.request.get(`/files/${ready?.viohls}`);
    expect(master.headers()['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(await master.text()).toContain('RESOLUTION=320x240,NAME="240p"');
  });
});
