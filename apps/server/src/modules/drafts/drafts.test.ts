import {
  DRAFT_MAX_COUNT,
  DraftSchema,
  draftCount,
  draftDelete,
  draftInfo,
  draftPager,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createImageUpload, createVideoUpload, saveDraftVia } from '../../../test/factories/uploads.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { drafts } from './drafts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const image = (userId: number, width?: number, height?: number) => createImageUpload(t.app.db, userId, width, height);
const video = (userId: number) => createVideoUpload(t.app.db, userId);

async function member() {
  const user = await createUser(t.app.db);
  const { api } = await loginAs(t, user.id);
  return { user, api };
}

async function draftsOf(userId: number) {
  return t.app.db.select().from(drafts).where(eq(drafts.userId, userId));
}

describe('POST /api/v1/cms/draft/release', () => {
  it('creates a draft with sizes from the uploads and answers its did', async () => {
    const { user, api } = await member();
    const pic = await image(user.id, 1080, 720);
    const answer = await saveDraftVia(api, {
      content: '  还没写完的游记  ',
      type: 'travel',
      imgpack: [{ src: `/files/${pic.key}`, width: 1, height: 1 }],
      location: '云南·大理',
      latitude: '25.6',
      longitude: '100.2',
      checkin: '1',
    });
    expect(answer).toEqual({ did: expect.any(Number), result: true });
    const info = await api.call(draftInfo, { did: answer.did });
    expect(DraftSchema.strict().parse(info)).toEqual(info);
    expect(info).toEqual({
      did: answer.did,
      content: '还没写完的游记',
      type: 'travel',
      imgpack: [{ src: pic.key, width: 1080, height: 720 }],
      viosrc: '',
      viocaption: '',
      imgsrc: pic.key,
      location: '云南·大理',
      latitude: 25.6,
      longitude: 100.2,
      checkin: 1,
      utime: expect.any(String),
    });
    expect(new Date(info.utime).toISOString()).toBe(info.utime);
  });

  it('keeps a partial draft: text only, a video only, no theme', async () => {
    const { user, api } = await member();
    const textOnly = await saveDraftVia(api, { content: '想法' });
    expect(await api.call(draftInfo, { did: textOnly.did })).toMatchObject({
      type: '',
      imgpack: [],
      viosrc: '',
      imgsrc: '',
    });
    const clip = await video(user.id);
    const videoOnly = await saveDraftVia(api, { viosrc: clip.key });
    expect(await api.call(draftInfo, { did: videoOnly.did })).toMatchObject({
      content: '',
      viosrc: clip.key,
      imgsrc: clip.coverKey,
    });
    // Prohibited words are checked when the draft is published, not while it is kept.
    await saveDraftVia(api, { content: '加微信' });
    expect(await api.call(draftCount)).toEqual({ count: 3 });
  });

  it('updates the viewer’s draft in place with did', async () => {
    const { user, api } = await member();
    const first = await image(user.id);
    const second = await image(user.id);
    const { did } = await saveDraftVia(api, { content: '第一版', type: 'mod', imgpack: [{ src: first.key }] });
    const before = await api.call(draftInfo, { did });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await saveDraftVia(api, { did, content: '第二版', imgpack: [{ src: second.key }] });
    expect(again).toEqual({ did, result: true });
    const after = await api.call(draftInfo, { did });
    // Every field is the new save: the theme left out is cleared, not kept.
    expect(after).toMatchObject({ content: '第二版', type: '', imgpack: [{ src: second.key }] });
    expect(after.utime > before.utime).toBe(true);
    expect(await draftsOf(user.id)).toHaveLength(1);
  });

  it('refuses an empty draft, bad fields, mixed media and uploads that are not the viewer’s', async () => {
    const { user, api } = await member();
    const other = await createUser(t.app.db);
    const theirs = await image(other.id);
    const mine = await image(user.id);
    const clip = await video(user.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, STATUS.VALIDATION_FAILED, '草稿内容为空，无需保存'],
      [{ content: '   ', imgpack: '[]', viosrc: '', location: '' }, STATUS.VALIDATION_FAILED, '草稿内容为空，无需保存'],
      [{ content: '正文', type: 'cars' }, STATUS.VALIDATION_FAILED, '参数错误：type 话题分类不正确'],
      [{ content: '长'.repeat(2001) }, STATUS.VALIDATION_FAILED, '参数错误：content 正文不能超过 2000 个字'],
      [{ imgpack: [{ src: theirs.key }] }, STATUS.VALIDATION_FAILED, '图片或视频不存在或已失效，请重新上传'],
      [{ imgpack: [{ src: clip.key }] }, STATUS.VALIDATION_FAILED, '图片或视频不存在或已失效，请重新上传'],
      [{ viosrc: 'videos/none.mp4' }, STATUS.VALIDATION_FAILED, '图片或视频不存在或已失效，请重新上传'],
      [{ imgpack: [{ src: mine.key }], viosrc: clip.key }, STATUS.VALIDATION_FAILED, '图片和视频不能同时发布'],
    ];
    for (const [input, status, message] of cases) {
      const error = await apiFailure(saveDraftVia(api, input as never));
      expect({ input, status: error.status, message: error.message }).toEqual({ input, status, message });
    }
    expect(await draftsOf(user.id)).toEqual([]);
    expect((await apiFailure(saveDraftVia(t.api, { content: '正文' }))).status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it(`keeps at most ${DRAFT_MAX_COUNT} drafts, even when saved in parallel`, async () => {
    const { user, api } = await member();
    await t.app.db
      .insert(drafts)
      .values(Array.from({ length: DRAFT_MAX_COUNT - 2 }, (_, i) => ({ userId: user.id, content: `旧草稿 ${i}` })));
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => saveDraftVia(api, { content: `新草稿 ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: STATUS.CONFLICT,
        message: `草稿最多保存 ${DRAFT_MAX_COUNT} 篇，请先发布或删除一些`,
      });
    }
    expect(await api.call(draftCount)).toEqual({ count: DRAFT_MAX_COUNT });
    // Updating an existing draft is still allowed at the limit.
    const [kept] = await draftsOf(user.id);
    expect(await saveDraftVia(api, { did: kept!.id, content: '改一改' })).toEqual({ did: kept!.id, result: true });
  });
});

describe('GET /api/v1/cms/draft/pager and draft/count', () => {
  it('lists the viewer’s drafts, last saved first, 9 a page by idx', async () => {
    const { user, api } = await member();
    const other = await member();
    await saveDraftVia(other.api, { content: '别人的草稿' });
    const base = Date.parse('2026-11-01T00:00:00Z');
    const rows = await t.app.db
      .insert(drafts)
      .values(
        Array.from({ length: 11 }, (_, i) => ({
          userId: user.id,
          content: `草稿 ${i}`,
          updatedAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: drafts.id });
    const newestFirst = rows.map((r) => r.id).reverse();

    const first = await api.call(draftPager, {});
    expect(first.map((d) => d.did)).toEqual(newestFirst.slice(0, 9));
    for (const d of first) expect(DraftSchema.strict().parse(d)).toEqual(d);
    expect((await api.call(draftPager, { idx: 2 })).map((d) => d.did)).toEqual(newestFirst.slice(9));
    expect((await api.call(draftPager, { idx: 2, size: 4 })).map((d) => d.did)).toEqual(newestFirst.slice(4, 8));
    expect(await api.call(draftPager, { idx: 3 })).toEqual([]);
    expect(await api.call(draftCount)).toEqual({ count: 11 });

    // Saving an old draft brings it to the top.
    const oldest = newestFirst.at(-1)!;
    await saveDraftVia(api, { did: oldest, content: '刚改过' });
    expect((await api.call(draftPager, {}))[0]?.did).toBe(oldest);

    const error = await apiFailure(api.call(draftPager, { idx: 0 }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：idx 须为不小于 1 的整数',
    });
    expect((await apiFailure(t.api.call(draftPager, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect((await apiFailure(t.api.call(draftCount))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('GET /api/v1/cms/draft/delete', () => {
  it('deletes the viewer’s draft and answers result', async () => {
    const { api } = await member();
    const { did } = await saveDraftVia(api, { content: '不要了' });
    expect(await api.call(draftDelete, { did })).toEqual({ result: true });
    expect(await api.call(draftCount)).toEqual({ count: 0 });
    const error = await apiFailure(api.call(draftDelete, { did }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: STATUS.NOT_FOUND,
      message: '草稿不存在或已删除',
    });
  });
});

describe('another user’s draft', () => {
  it('is DRAFT_NOT_FOUND for info, update and delete, exactly like a missing one, and stays as it was', async () => {
    const owner = await member();
    const stranger = await member();
    const pic = await image(owner.user.id);
    const { did } = await saveDraftVia(owner.api, {
      content: '我的草稿',
      type: 'exp',
      imgpack: [{ src: pic.key }],
    });
    const before = await owner.api.call(draftInfo, { did });

    const missing = 999_999_999;
    for (const id of [did, missing]) {
      for (const call of [
        () => stranger.api.call(draftInfo, { did: id }),
        () => saveDraftVia(stranger.api, { did: id, content: '改掉你' }),
        () => stranger.api.call(draftDelete, { did: id }),
      ]) {
        const error = await apiFailure(call());
        expect({ status: error.status, message: error.message, data: error.data }).toEqual({
          status: STATUS.NOT_FOUND,
          message: '草稿不存在或已删除',
          data: null,
        });
      }
    }
    expect(await owner.api.call(draftInfo, { did })).toEqual(before);
    expect(await stranger.api.call(draftPager, {})).toEqual([]);
    expect(await stranger.api.call(draftCount)).toEqual({ count: 0 });
  });
});
