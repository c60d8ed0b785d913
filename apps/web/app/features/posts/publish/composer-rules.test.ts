import { type Draft, IMAGE_UPLOAD_MAX_BYTES, POST_MAX_IMAGES, VIDEO_UPLOAD_MAX_BYTES } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  type ComposerState,
  composerFromDraft,
  composerReducer,
  EMPTY_COMPOSER,
  type ImageItem,
  isBlank,
  newItemId,
  postFields,
  publishBlocker,
  snapshotKey,
} from './composer-state.ts';
import { captionProblem, formatDuration, imageProblem, sortPickedImages, videoProblem } from './media-rules.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

function image(overrides: Partial<ImageItem> = {}): ImageItem {
  const id = newItemId();
  return {
    id,
    file: null,
    preview: `blob:${id}`,
    status: 'done',
    progress: 1,
    error: null,
    stored: { src: `posts/${id}.jpg`, width: 800, height: 600 },
    ...overrides,
  };
}

const withImages = (...images: ImageItem[]): ComposerState => ({ ...EMPTY_COMPOSER, images });

describe('client-side file checks', () => {
  it('takes the image formats the server decodes, by type or (when the browser gives none) by name', () => {
    expect(imageProblem(file('a.png', 'image/png'))).toBeNull();
    expect(imageProblem(file('a.JPG', ''))).toBeNull();
    expect(imageProblem(file('a.heic', 'image/heic'))).toContain('不是支持的图片格式');
    expect(imageProblem(file('notes.txt', 'text/plain'))).toBe(
      '「notes.txt」不是支持的图片格式，请选择 JPG、PNG、WebP、GIF 或 AVIF 图片',
    );
  });

  it('refuses empty files and files over the contract limit, naming the file and the limit', () => {
    expect(imageProblem(file('a.png', 'image/png', 0))).toBe('「a.png」是空文件');
    expect(imageProblem(file('a.png', 'image/png', IMAGE_UPLOAD_MAX_BYTES))).toBeNull();
    expect(imageProblem(file('big.png', 'image/png', IMAGE_UPLOAD_MAX_BYTES + 1))).toBe(
      '「big.png」超过 10 MB，请压缩后再上传',
    );
    expect(videoProblem(file('clip.mov', 'video/quicktime', VIDEO_UPLOAD_MAX_BYTES))).toBeNull();
    expect(videoProblem(file('clip.mp4', 'video/mp4', VIDEO_UPLOAD_MAX_BYTES + 1))).toBe(
      '「clip.mp4」超过 200 MB，请剪短或压缩后再上传',
    );
    expect(videoProblem(file('clip.avi', 'video/x-msvideo'))).toContain('不是支持的视频格式');
    expect(videoProblem(file('clip.webm', ''))).toBeNull();
  });

  it('keeps at most the free image slots, in the order picked, and says how many were left out', () => {
    const picked = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    const { accepted, problems } = sortPickedImages(picked, POST_MAX_IMAGES - 2);
    expect(accepted.map((f) => f.name)).toEqual(['0.png', '1.png']);
    expect(problems).toEqual([`最多 ${POST_MAX_IMAGES} 张图片，已忽略多出的 2 张`]);

    const mixed = sortPickedImages([file('a.png', 'image/png'), file('b.pdf', 'application/pdf')], 0);
    expect(mixed.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(mixed.problems).toHaveLength(1);
  });

  it('formats video durations', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('composer state', () => {
  it('moves an image to another position, clamped to the list', () => {
    const [a, b, c] = [image(), image(), image()] as [ImageItem, ImageItem, ImageItem];
    const order = (s: ComposerState) => s.images.map((i) => i.id);
    const state = withImages(a, b, c);
    expect(order(composerReducer(state, { type: 'moveImage', id: c.id, to: 0 }))).toEqual([c.id, a.id, b.id]);
    expect(order(composerReducer(state, { type: 'moveImage', id: a.id, to: 1 }))).toEqual([b.id, a.id, c.id]);
    expect(order(composerReducer(state, { type: 'moveImage', id: a.id, to: 99 }))).toEqual([b.id, c.id, a.id]);
    expect(composerReducer(state, { type: 'moveImage', id: a.id, to: -1 })).toBe(state);
  });

  it('never holds images and a video together', () => {
    const video = {
      id: newItemId(),
      file: null,
      name: 'v.mp4',
      status: 'uploading' as const,
      progress: 0,
      error: null,
      stored: null,
    };
    const withVideo = composerReducer(EMPTY_COMPOSER, { type: 'setVideo', item: video });
    expect(composerReducer(withVideo, { type: 'addImages', items: [image()] }).images).toEqual([]);
    expect(composerReducer(withImages(image()), { type: 'setVideo', item: video }).video).toBeNull();
  });

  it('tracks an upload: progress, stored, failure and retry', () => {
    const item = image({ status: 'uploading', progress: 0, stored: null });
    let state = withImages(item);
    state = composerReducer(state, { type: 'uploadProgress', id: item.id, progress: 0.5 });
    expect(state.images[0]?.progress).toBe(0.5);
    state = composerReducer(state, { type: 'uploadFailed', id: item.id, error: '网络异常' });
    expect(state.images[0]).toMatchObject({ status: 'failed', error: '网络异常' });
    state = composerReducer(state, { type: 'uploadRetry', id: item.id });
    expect(state.images[0]).toMatchObject({ status: 'uploading', progress: 0, error: null });
    state = composerReducer(state, {
      type: 'imageStored',
      id: item.id,
      stored: { src: 'posts/x.jpg', width: 10, height: 20 },
    });
    expect(state.images[0]).toMatchObject({ status: 'done', stored: { src: 'posts/x.jpg' } });
  });

  it('sends only stored media, in order, trimmed text and the check-in flag', () => {
    const stored = image();
    const pending = image({ status: 'uploading', stored: null });
    const state: ComposerState = {
      ...withImages(pending, stored),
      content: '  周末去了滴水湖  ',
      theme: 'travel',
      location: ' 上海 ',
      checkin: true,
    };
    expect(postFields(state)).toEqual({
      content: '周末去了滴水湖',
      type: 'travel',
      imgpack: [stored.stored],
      viosrc: '',
      viocaption: '',
      location: '上海',
      latitude: null,
      longitude: null,
      checkin: 1,
    });
  });

  it('counts as changed only what a draft keeps', () => {
    const state = { ...EMPTY_COMPOSER, content: '你好' };
    const progressed = withImages(image({ status: 'uploading', stored: null, progress: 0.1 }));
    expect(
      snapshotKey(
        composerReducer(progressed, { type: 'uploadProgress', id: progressed.images[0]?.id ?? '', progress: 0.9 }),
      ),
    ).toBe(snapshotKey(progressed));
    expect(snapshotKey(state)).not.toBe(snapshotKey(EMPTY_COMPOSER));
    expect(isBlank(EMPTY_COMPOSER)).toBe(true);
    expect(isBlank({ ...EMPTY_COMPOSER, content: '   ' })).toBe(true);
    expect(isBlank(state)).toBe(false);
    expect(isBlank(withImages(image()))).toBe(false);
  });

  it('says what is missing before a post can go out, then waits for uploads', () => {
    expect(publishBlocker(EMPTY_COMPOSER)).toBe('还需：正文、话题、图片或视频');
    const ready: ComposerState = { ...withImages(image()), content: '新轮毂', theme: 'mod' };
    expect(publishBlocker(ready)).toBeNull();
    expect(publishBlocker({ ...ready, theme: '' })).toBe('还需：话题');
    expect(publishBlocker({ ...ready, images: [image({ status: 'uploading', stored: null })] })).toBe('请等待上传完成');
    expect(publishBlocker({ ...ready, images: [image(), image({ status: 'failed', stored: null })] })).toBe(
      '有文件上传失败，请重试或移除',
    );
  });

  it('restores a draft: images with their stored paths, or the video with its cover', () => {
    const base: Draft = {
      did: 7,
      content: '草稿',
      type: '',
      imgpack: [{ src: 'posts/1.jpg', width: 4, height: 3 }],
      viosrc: '',
      viocaption: '',
      imgsrc: 'posts/1.jpg',
      location: '杭州',
      latitude: 30.2,
      longitude: 120.1,
      checkin: 1,
      utime: '2026-11-23T10:00:00.000Z',
    };
    const state = composerFromDraft(base, '/files');
    expect(state.images[0]).toMatchObject({
      status: 'done',
      preview: '/files/posts/1.jpg?imageView2/2/w/480/format/webp',
      stored: { src: 'posts/1.jpg', width: 4, height: 3 },
    });
    expect(state).toMatchObject({ content: '草稿', theme: '', location: '杭州', checkin: true, video: null });
    expect(postFields(state).imgpack).toEqual(base.imgpack);

    const video = composerFromDraft({ ...base, imgpack: [], viosrc: 'videos/v.mp4', imgsrc: 'videos/v.jpg' }, '/files');
    expect(video.images).toEqual([]);
    expect(video.video?.stored).toEqual({ src: 'videos/v.mp4', coverUrl: '/files/videos/v.jpg', duration: null });
    expect(postFields(video)).toMatchObject({ imgpack: [], viosrc: 'videos/v.mp4', viocaption: '' });
    expect(video.caption).toBeNull();

    const captioned = composerFromDraft(
      { ...base, imgpack: [], viosrc: 'videos/v.mp4', viocaption: 'posts/c.vtt', imgsrc: 'videos/v.jpg' },
      '/files',
    );
    expect(captioned.caption).toMatchObject({ name: '', status: 'done', path: 'posts/c.vtt' });
    expect(postFields(captioned).viocaption).toBe('posts/c.vtt');
  });
});

describe('captions of the video', () => {
  const video = {
    id: newItemId(),
    file: null,
    name: 'v.mp4',
    status: 'done' as const,
    progress: 1,
    error: null,
    stored: { src: 'posts/v.mp4', coverUrl: '/files/posts/v.jpg', duration: 3 },
  };
  const caption = { id: newItemId(), name: '字幕.srt', status: 'uploading' as const, error: null, path: null };

  it('checks the file by name and size', () => {
    expect(captionProblem(file('字幕.SRT', ''))).toBeNull();
    expect(captionProblem(file('a.vtt', 'text/vtt'))).toBeNull();
    expect(captionProblem(file('a.txt', 'text/plain'))).toBe('「a.txt」不是字幕文件，请选择 .srt 或 .vtt 文件');
    expect(captionProblem(file('a.srt', '', 0))).toBe('「a.srt」是空文件');
    expect(captionProblem(file('a.srt', '', 256 * 1024 + 1))).toBe('「a.srt」超过 256 KB，字幕文件不能这么大');
  });

  it('belongs to the video: none without one, gone with it, sent once stored', () => {
    expect(composerReducer(EMPTY_COMPOSER, { type: 'setCaption', item: caption }).caption).toBeNull();
    let state = composerReducer(EMPTY_COMPOSER, { type: 'setVideo', item: video });
    state = composerReducer(state, { type: 'setCaption', item: caption });
    expect(postFields(state).viocaption).toBe('');
    expect(publishBlocker({ ...state, content: '视频', theme: 'tesla' })).toBe('请等待上传完成');

    const failed = composerReducer(state, { type: 'captionFailed', id: caption.id, error: '字幕文件格式不正确' });
    expect(failed.caption).toMatchObject({ status: 'failed', error: '字幕文件格式不正确' });
    expect(publishBlocker({ ...failed, content: '视频', theme: 'tesla' })).toBe('有文件上传失败，请重试或移除');

    state = composerReducer(state, { type: 'captionStored', id: caption.id, path: 'posts/c.vtt' });
    expect(state.caption).toMatchObject({ status: 'done', path: 'posts/c.vtt' });
    expect(postFields(state).viocaption).toBe('posts/c.vtt');
    expect(snapshotKey(state)).toContain('posts/c.vtt');
    // A late answer for a caption that was replaced changes nothing.
    expect(composerReducer(state, { type: 'captionStored', id: 'media-other', path: 'x.vtt' })).toBe(state);

    expect(composerReducer(state, { type: 'setCaption', item: null }).caption).toBeNull();
    expect(composerReducer(state, { type: 'setVideo', item: null }).caption).toBeNull();
  });
});
