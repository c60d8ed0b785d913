import {
  type ApiClient,
  draftCount,
  draftInfo,
  POST_CONTENT_MAX_LENGTH,
  PostDetailSchema,
  postDetail,
  postRelease,
  postsNoAds,
  STATUS,
} from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createImageUpload, createVideoUpload, saveDraftVia } from '../../../test/factories/uploads.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { drafts } from '../drafts/drafts.tables.ts';
import { hotScore } from './hot-score.ts';
import { storageKeyOf } from './post-media.ts';
import { posts } from './posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type ReleaseBody = Partial<z.input<NonNullable<(typeof postRelease)['body']>>>;
/** postRelease as the all-strings client sends it: the fields left out are sent empty. */
function release(api: ApiClient, body: ReleaseBody) {
  return api.call(postRelease, { imgpack: '', latitude: '', longitude: '', checkin: '', ...body } as z.input<
    NonNullable<(typeof postRelease)['body']>
  >);
}

const image = (userId: number, width?: number, height?: number) => createImageUpload(t.app.db, userId, width, height);
const video = (userId: number) => createVideoUpload(t.app.db, userId);

async function postsOf(userId: number) {
  return t.app.db.select().from(posts).where(eq(posts.userId, userId));
}

async function author() {
  const user = await createUser(t.app.db);
  const { api } = await loginAs(t, user.id);
  return { user, api };
}

describe('POST /api/v1/cms/post/release', () => {
  it('publishes an image post with sizes from the uploads, keys in either form, and a fresh hot score', async () => {
    const { user, api } = await author();
    const a = await image(user.id, 1080, 1440);
    const b = await image(user.id, 1200, 900);
    const before = Date.now();
    const { pid } = await release(api, {
      content: '  周末去川西，续航完全够用  ',
      type: 'travel',
      // Sizes the client claims are ignored; the `/files/` url and the bare key both work.
      imgpack: JSON.stringify([
        { src: `/files/${a.key}`, width: 1, height: 1 },
        { src: `http://localhost:3000/files/${b.key}?imageView2/2/w/480`, width: 5, height: 5 },
      ]),
      location: '四川·甘孜',
      latitude: '30.05',
      longitude: '101.96',
      checkin: '1',
    });
    const [row] = await postsOf(user.id);
    expect(row).toMatchObject({
      id: pid,
      type: 'travel',
      content: '周末去川西，续航完全够用',
      images: [
        { src: a.key, width: 1080, height: 1440 },
        { src: b.key, width: 1200, height: 900 },
      ],
      videoSrc: '',
      location: '四川·甘孜',
      latitude: 30.05,
      longitude: 101.96,
      checkin: 1,
      likeCount: 0,
      commentCount: 0,
      shareCount: 0,
      playCount: 0,
      deletedAt: null,
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.hotScore).toBeCloseTo(
      hotScore({ likes: 0, comments: 0, shares: 0, plays: 0, createdAt: row!.createdAt }),
      6,
    );

    const [detail] = await api.call(postDetail, { pid });
    expect(PostDetailSchema.strict().parse(detail)).toEqual(detail);
    expect(detail).toMatchObject({ pid, uid: user.id, isvio: 0, imgsrc: a.key, ismine: 1, checkin: 1, duration: 0 });
  });

  it('publishes a video post with the cover and duration of the upload', async () => {
    const { user, api } = await author();
    const clip = await video(user.id);
    const { pid } = await release(api, {
      content: '夜间自动泊车实拍',
      type: 'tesla',
      viosrc: `/files/${clip.key}`,
    });
    const [row] = await postsOf(user.id);
    expect(row).toMatchObject({
      id: pid,
      images: [],
      videoSrc: clip.key,
      videoCover: clip.coverKey,
      videoDurationMs: 12_500,
    });
    const [detail] = await t.api.call(postDetail, { pid });
    expect(detail).toMatchObject({
      isvio: 1,
      viosrc: clip.key,
      vioinfo: [{ src: clip.key }],
      imgsrc: clip.coverKey,
      imgpack: [],
      duration: 12.5,
    });
  });

  it('shows the new post in the feed at once, though anonymous feeds are cached', async () => {
    const { user, api } = await author();
    const pic = await image(user.id);
    await t.api.call(postsNoAds, {});
    const { pid } = await release(api, { content: '新车提车', type: 'mod', imgpack: [{ src: pic.key }] });
    // A new post has the highest score of all: nothing else in this app is newer.
    expect((await t.api.call(postsNoAds, {}))[0]?.pid).toBe(pid);
  });

  it('refuses a post without text, with text only, too long, or with a prohibited word, writing nothing', async () => {
    const { user, api } = await author();
    const pic = await image(user.id);
    const imgpack = [{ src: pic.key }];
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: '', type: 'mod', imgpack }, STATUS.VALIDATION_FAILED, '请填写正文'],
      [{ content: '   ', type: 'mod', imgpack }, STATUS.VALIDATION_FAILED, '请填写正文'],
      [
        { content: '长'.repeat(POST_CONTENT_MAX_LENGTH + 1), type: 'mod', imgpack },
        STATUS.VALIDATION_FAILED,
        `参数错误：content 正文不能超过 ${POST_CONTENT_MAX_LENGTH} 个字`,
      ],
      [
        { content: '有需要的加 微 信 聊', type: 'mod', imgpack },
        STATUS.VALIDATION_FAILED,
        '内容包含违规词语，请修改后再提交',
      ],
      [
        { content: '好地方', type: 'mod', imgpack, location: '网赌基地' },
        STATUS.VALIDATION_FAILED,
        '内容包含违规词语，请修改后再提交',
      ],
      [{ content: '正文', imgpack }, STATUS.VALIDATION_FAILED, '参数错误：type 请选择话题分类'],
      [{ content: '正文', type: 'cars', imgpack }, STATUS.VALIDATION_FAILED, '参数错误：type 请选择话题分类'],
      [
        { content: '正文', type: 'mod', imgpack, checkin: '2' },
        STATUS.VALIDATION_FAILED,
        '参数错误：checkin 打卡标记须为 0 或 1',
      ],
      [
        { content: '正文', type: 'mod', imgpack, latitude: '91' },
        STATUS.VALIDATION_FAILED,
        '参数错误：latitude 纬度超出范围',
      ],
    ];
    for (const [input, status, message] of cases) {
      const error = await apiFailure(release(api, input as never));
      expect({ input, status: error.status, message: error.message }).toEqual({ input, status, message });
    }
    const prohibited = await apiFailure(release(api, { content: '加微信', type: 'mod', imgpack }));
    expect(prohibited.data).toEqual({ field: 'content' });
    expect(await postsOf(user.id)).toEqual([]);
  });

  it('needs 1–9 images or one video, never both', async () => {
    const { user, api } = await author();
    const pics = await Promise.all(Array.from({ length: 10 }, () => image(user.id)));
    const clip = await video(user.id);
    const expectFailure = async (input: Record<string, unknown>, status: number, message: string) => {
      const error = await apiFailure(release(api, { content: '正文', type: 'exp', ...input }));
      expect({ status: error.status, message: error.message }).toEqual({ status, message });
    };
    await expectFailure({}, STATUS.VALIDATION_FAILED, '请添加 1–9 张图片或一个视频');
    await expectFailure({ imgpack: '[]', viosrc: '' }, STATUS.VALIDATION_FAILED, '请添加 1–9 张图片或一个视频');
    await expectFailure(
      { imgpack: [{ src: pics[0]!.key }], viosrc: clip.key },
      STATUS.VALIDATION_FAILED,
      '图片和视频不能同时发布',
    );
    await expectFailure(
      { imgpack: pics.map((p) => ({ src: p.key })) },
      STATUS.VALIDATION_FAILED,
      '参数错误：imgpack 图片最多 9 个',
    );
    await expectFailure({ imgpack: 'not json' }, STATUS.VALIDATION_FAILED, '参数错误：imgpack 图片格式不正确');
    expect(await postsOf(user.id)).toEqual([]);

    const nine = await release(api, {
      content: '九宫格',
      type: 'exp',
      imgpack: pics.slice(0, 9).map((p) => ({ src: p.key })),
    });
    expect((await postsOf(user.id)).map((p) => [p.id, p.images.length])).toEqual([[nine.pid, 9]]);
  });

  it('accepts only the author’s own uploads, of the right kind', async () => {
    const { user, api } = await author();
    const other = await createUser(t.app.db);
    const theirs = await image(other.id);
    const theirClip = await video(other.id);
    const mine = await image(user.id);
    const myClip = await video(user.id);
    const cases: Record<string, unknown>[] = [
      { imgpack: [{ src: theirs.key }] },
      { imgpack: [{ src: mine.key }, { src: theirs.key }] },
      { imgpack: [{ src: `/files/${theirs.key}` }] },
      { imgpack: [{ src: 'posts/test/never-uploaded.webp' }] },
      { imgpack: [{ src: myClip.key }] },
      { viosrc: theirClip.key },
      { viosrc: mine.key },
      { viosrc: 'videos/none.mp4' },
    ];
    for (const input of cases) {
      const error = await apiFailure(release(api, { content: '正文', type: 'beauty', ...input }));
      expect({ input, status: error.status, message: error.message }).toEqual({
        input,
        status: STATUS.VALIDATION_FAILED,
        message: '图片或视频不存在或已失效，请重新上传',
      });
    }
    expect(await postsOf(user.id)).toEqual([]);
  });

  it('needs a login', async () => {
    const error = await apiFailure(release(t.api, { content: '正文', type: 'mod', imgpack: [{ src: 'x.webp' }] }));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('publishing a draft', () => {
  async function saveDraft(api: Awaited<ReturnType<typeof author>>['api'], key: string) {
    return (await saveDraftVia(api, { content: '草稿正文', type: 'mod', imgpack: [{ src: key }] })).did;
  }

  it('publishes and removes the draft in one step', async () => {
    const { user, api } = await author();
    const pic = await image(user.id);
    const did = await saveDraft(api, pic.key);
    const { pid } = await release(api, { content: '草稿正文', type: 'mod', imgpack: [{ src: pic.key }], did });
    expect((await postsOf(user.id)).map((p) => p.id)).toEqual([pid]);
    expect(await api.call(draftCount)).toEqual({ count: 0 });
    expect((await apiFailure(api.call(draftInfo, { did }))).status).toBe(STATUS.NOT_FOUND);
  });

  it('refuses another user’s draft (DRAFT_NOT_FOUND), publishing nothing and leaving their draft', async () => {
    const owner = await author();
    const thief = await author();
    const did = await saveDraft(owner.api, (await image(owner.user.id)).key);
    const pic = await image(thief.user.id);
    const error = await apiFailure(
      release(thief.api, { content: '正文', type: 'mod', imgpack: [{ src: pic.key }], did }),
    );
    expect({ status: error.status, message: error.message }).toEqual({
      status: STATUS.NOT_FOUND,
      message: '草稿不存在或已删除',
    });
    expect(await postsOf(thief.user.id)).toEqual([]);
    expect((await owner.api.call(draftInfo, { did })).did).toBe(did);
  });

  it('leaves the draft when the publish fails, before or inside the transaction', async () => {
    const { user, api } = await author();
    const pic = await image(user.id);
    const did = await saveDraft(api, pic.key);

    // Fails validation: nothing is written.
    const invalid = await apiFailure(
      release(api, { content: '加微信', type: 'mod', imgpack: [{ src: pic.key }], did }),
    );
    expect(invalid.message).toBe('内容包含违规词语，请修改后再提交');
    expect(await api.call(draftCount)).toEqual({ count: 1 });

    // Fails in the insert, after the draft was deleted in the same transaction: rolled back.
    await t.app.db.execute(sql`
      create or replace function posts_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await t.app.db.execute(
      sql`create trigger posts_test_refuse before insert on posts for each row execute function posts_test_refuse()`,
    );
    try {
      const broken = await apiFailure(release(api, { content: '正文', type: 'mod', imgpack: [{ src: pic.key }], did }));
      expect(broken.status).toBe(STATUS.SERVER_ERROR);
    } finally {
      await t.app.db.execute(sql`drop trigger posts_test_refuse on posts`);
    }
    expect(await postsOf(user.id)).toEqual([]);
    expect((await api.call(draftInfo, { did })).did).toBe(did);

    // And once the cause is gone, it publishes.
    await release(api, { content: '正文', type: 'mod', imgpack: [{ src: pic.key }], did });
    expect(await postsOf(user.id)).toHaveLength(1);
  });

  it('makes one post when the same draft is published twice at once', async () => {
    const { user, api } = await author();
    const pic = await image(user.id);
    const did = await saveDraft(api, pic.key);
    const input = { content: '正文', type: 'mod' as const, imgpack: [{ src: pic.key }], did };
    const results = await Promise.allSettled([release(api, input), release(api, input)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await postsOf(user.id)).toHaveLength(1);
    expect(await t.app.db.select().from(drafts).where(eq(drafts.id, did))).toEqual([]);
  });
});

describe('storageKeyOf', () => {
  it('reads the key out of a key, a /files/ url, an absolute url and a processed url', () => {
    expect(storageKeyOf('posts/a/1.webp')).toBe('posts/a/1.webp');
    expect(storageKeyOf('/files/posts/a/1.webp')).toBe('posts/a/1.webp');
    expect(storageKeyOf('https://cdn.example.com/files/posts/a/1.webp?imageView2/2/w/480')).toBe('posts/a/1.webp');
    expect(storageKeyOf('//example.com/posts/a/1.webp#x')).toBe('posts/a/1.webp');
  });
});
