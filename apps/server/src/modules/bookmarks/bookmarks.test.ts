import { randomBytes } from 'node:crypto';
import {
  BOOKMARK_HISTORY_LIMIT,
  BOOKMARK_MAX_PER_USER,
  bookmarkAddUrl,
  bookmarkBlockDomain,
  bookmarkClearUrls,
  bookmarkDelete,
  bookmarkDeleteUrl,
  bookmarkFolders,
  bookmarkList,
  bookmarkSave,
  bookmarkUpdate,
  bookmarkUrlHistory,
  deleteAccount,
  ERRORS,
  STATUS,
} from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { iconKeyFor } from './bookmarks.service.ts';
import { bookmarks, bookmarkUrlHistory as historyTable } from './bookmarks.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => newPerson(t, { role });

/** A host no other test uses. */
const uniqueHost = () => `site-${randomBytes(5).toString('hex')}.example.cn`;

async function rowsOf(userId: number) {
  return t.app.db.select().from(bookmarks).where(eq(bookmarks.userId, userId));
}

async function rowById(id: number) {
  const [row] = await t.app.db.select().from(bookmarks).where(eq(bookmarks.id, id));
  return row;
}

/** A PNG icon copy stored as the meta fetch stores one. */
async function storedIcon(): Promise<string> {
  const bytes = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(16)]);
  const key = iconKeyFor(bytes, 'png');
  await t.app.storage.put(key, bytes, 'image/png');
  return key;
}

describe('bookmark/save', () => {
  it('saves a link, and the same URL again updates that bookmark instead of adding one', async () => {
    const me = await person();
    const url = `https://${uniqueHost()}/charging-map`;
    const first = await me.api.call(bookmarkSave, { url, title: '充电地图', note: '常用', folder: '出行' });
    expect(first.created).toBe(true);
    expect(first.bookmark).toMatchObject({ url, title: '充电地图', favicon: '', note: '常用', folder: '出行' });

    const again = await me.api.call(bookmarkSave, { url, title: '充电桩地图（新）' });
    expect(again.created).toBe(false);
    expect(again.bookmark.id).toBe(first.bookmark.id);
    // Title and favicon follow the new save; note and folder stay when not given.
    expect(again.bookmark).toMatchObject({ title: '充电桩地图（新）', note: '常用', folder: '出行' });

    const third = await me.api.call(bookmarkSave, { url, title: '充电桩地图', note: '', folder: '地图' });
    expect(third).toMatchObject({ created: false, bookmark: { id: first.bookmark.id, note: '', folder: '地图' } });
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('stores the normalised URL, so two spellings of one link are one bookmark', async () => {
    const me = await person();
    const host = uniqueHost();
    const first = await me.api.call(bookmarkSave, { url: `HTTP://${host.toUpperCase()}:80/a#x`, title: 'A' });
    expect(first.bookmark.url).toBe(`http://${host}/a`);
    const second = await me.api.call(bookmarkSave, { url: `http://${host}/a`, title: 'A2' });
    expect(second).toMatchObject({ created: false, bookmark: { id: first.bookmark.id, title: 'A2' } });
    const [row] = await rowsOf(me.id);
    expect(row).toMatchObject({ url: `http://${host}/a`, host });
  });

  it('keeps one row when the same URL is saved many times at once', async () => {
    const me = await person();
    const url = `https://${uniqueHost()}/race`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => me.api.call(bookmarkSave, { url, title: `第${i}次` })),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.bookmark.id)).size).toBe(1);
    expect(await rowsOf(me.id)).toHaveLength(1);
  });

  it('refuses a URL that is not http(s) and changes nothing', async () => {
    const me = await person();
    for (const url of ['ftp://example.com/x', 'javascript:alert(1)', 'https://user:pw@example.com/', 'example.com']) {
      const error = await apiFailure(me.api.call(bookmarkSave, { url, title: 'x' }));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses prohibited words in title, note, folder and the URL itself (decoded)', async () => {
    const me = await person();
    const url = `https://${uniqueHost()}/ok`;
    for (const input of [
      { url, title: '加微信领优惠' },
      { url, title: '正常', note: '博彩网站' },
      { url, title: '正常', folder: '网赌' },
      { url: `https://${uniqueHost()}/加微信`, title: '正常' },
      { url: `https://${uniqueHost()}/?q=%E5%8A%A0%E5%BE%AE%E4%BF%A1`, title: '正常' },
    ]) {
      const error = await apiFailure(me.api.call(bookmarkSave, input));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toBe(ERRORS.CONTENT_PROHIBITED.message);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses a blocked domain and its subdomains, not a look-alike', async () => {
    const admin = await person('admin');
    const me = await person();
    const host = uniqueHost();
    await admin.api.call(bookmarkBlockDomain, { domain: host, reason: '诈骗' });
    for (const url of [`https://${host}/`, `https://m.${host}/page`, `http://A.B.${host.toUpperCase()}/x`]) {
      const error = await apiFailure(me.api.call(bookmarkSave, { url, title: '看看' }));
      expect(error.status).toBe(STATUS.FORBIDDEN);
      expect(error.message).toBe(ERRORS.BOOKMARK_DOMAIN_BLOCKED.message);
    }
    expect(await rowsOf(me.id)).toEqual([]);
    const lookalike = await me.api.call(bookmarkSave, { url: `https://not${host}/`, title: '另一个网站' });
    expect(lookalike.created).toBe(true);
  });

  it('takes a favicon this server stored (as key or public URL) and refuses any other address', async () => {
    const me = await person();
    const key = await storedIcon();
    const publicUrl = t.app.storage.publicUrl(key);

    const byKey = await me.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: 'a', favicon: key });
    expect(byKey.bookmark.favicon).toBe(publicUrl);
    const byUrl = await me.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: 'b', favicon: publicUrl });
    expect(byUrl.bookmark.favicon).toBe(publicUrl);
    expect((await rowById(byUrl.bookmark.id))?.faviconKey).toBe(key);

    const missingKey = `bookmark-icons/${'0'.repeat(64)}.png`;
    for (const favicon of [
      'https://evil.example.com/favicon.ico',
      `https://evil.example.com/${key}`,
      `//evil.example.com${publicUrl}`,
      missingKey,
      'posts/2024/01/1-abc.png',
      `${key}?x=1`,
    ]) {
      const error = await apiFailure(
        me.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: 'c', favicon }),
      );
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toBe(ERRORS.BOOKMARK_FAVICON_INVALID.message);
    }
    expect(await rowsOf(me.id)).toHaveLength(2);
  });

  it(`stops at ${BOOKMARK_MAX_PER_USER} bookmarks, while a saved URL can still be updated`, async () => {
    const me = await person();
    const host = uniqueHost();
    await t.app.db.insert(bookmarks).values(
      Array.from({ length: BOOKMARK_MAX_PER_USER - 1 }, (_, i) => ({
        userId: me.id,
        url: `https://${host}/${i}`,
        host,
      })),
    );
    const last = await me.api.call(bookmarkSave, { url: `https://${host}/last`, title: '最后一条' });
    expect(last.created).toBe(true);
    const error = await apiFailure(me.api.call(bookmarkSave, { url: `https://${host}/over`, title: '多了' }));
    expect(error.status).toBe(STATUS.CONFLICT);
    expect(error.message).toContain(String(BOOKMARK_MAX_PER_USER));
    const update = await me.api.call(bookmarkSave, { url: `https://${host}/0`, title: '已有的' });
    expect(update.created).toBe(false);
    expect(await rowsOf(me.id)).toHaveLength(BOOKMARK_MAX_PER_USER);
  });

  it('needs login', async () => {
    const error = await apiFailure(t.api.call(bookmarkSave, { url: 'https://example.com/', title: 'x' }));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('bookmark/list and folders', () => {
  let me: Person;
  let host: string;
  beforeAll(async () => {
    me = await person();
    host = uniqueHost();
    const saves = [
      { url: `https://${host}/1`, title: '超充站地图', folder: '出行' },
      { url: `https://${host}/2`, title: '固件 2024.44 说明', folder: '软件', note: '升级前必看' },
      { url: `https://${host}/3`, title: '100% 充电的利弊', folder: '' },
      { url: `https://${host}/4`, title: 'Model_Y 配件店', folder: '出行' },
      { url: `https://${host}/5`, title: 'model y 论坛', folder: '出行', note: '老车主' },
    ];
    for (const save of saves) await me.api.call(bookmarkSave, save);
    // Someone else's bookmarks never show.
    await (await person()).api.call(bookmarkSave, { url: `https://${host}/1`, title: '超充站地图', folder: '出行' });
  });

  it('lists newest first with total and hasMore, 20 by default', async () => {
    const page1 = await me.api.call(bookmarkList, { page: 1, size: 2 });
    expect(page1.items.map((b) => b.url)).toEqual([`https://${host}/5`, `https://${host}/4`]);
    expect(page1).toMatchObject({ total: 5, hasMore: true });
    const page3 = await me.api.call(bookmarkList, { page: 3, size: 2 });
    expect(page3.items.map((b) => b.url)).toEqual([`https://${host}/1`]);
    expect(page3).toMatchObject({ total: 5, hasMore: false });
    expect((await me.api.call(bookmarkList, {})).items).toHaveLength(5);
  });

  it('keeps one folder', async () => {
    const trips = await me.api.call(bookmarkList, { folder: '出行' });
    expect(trips.items.map((b) => b.url)).toEqual([`https://${host}/5`, `https://${host}/4`, `https://${host}/1`]);
    expect(trips.total).toBe(3);
  });

  it('finds a word in title, URL or note, case-insensitively, with % and _ taken literally', async () => {
    const titles = async (word: string) => (await me.api.call(bookmarkList, { word })).items.map((b) => b.title);
    expect(await titles('MODEL')).toEqual(['model y 论坛', 'Model_Y 配件店']);
    expect(await titles('升级')).toEqual(['固件 2024.44 说明']);
    expect(await titles('老车主')).toEqual(['model y 论坛']);
    expect(await titles(`${host}/3`)).toEqual(['100% 充电的利弊']);
    expect(await titles('%')).toEqual(['100% 充电的利弊']);
    expect(await titles('_')).toEqual(['Model_Y 配件店']);
    expect(await titles('l_y')).toEqual(['Model_Y 配件店']);
    expect(await titles('0%充')).toEqual([]);
  });

  it('counts bookmarks per folder', async () => {
    expect(await me.api.call(bookmarkFolders, {})).toEqual([
      { folder: '', count: 1 },
      { folder: '出行', count: 3 },
      { folder: '软件', count: 1 },
    ]);
  });
});

describe('bookmark/delete and update: only the owner', () => {
  it('deletes one and answers it, so saving it again undoes the delete', async () => {
    const me = await person();
    const { bookmark } = await me.api.call(bookmarkSave, {
      url: `https://${uniqueHost()}/x`,
      title: '要删的',
      note: '备注',
      folder: '临时',
    });
    const deleted = await me.api.call(bookmarkDelete, { id: bookmark.id });
    expect(deleted).toEqual({ result: true, bookmark });
    expect(await rowById(bookmark.id)).toBeUndefined();
    const undone = await me.api.call(bookmarkSave, deleted.bookmark);
    expect(undone).toMatchObject({ created: true, bookmark: { url: bookmark.url, note: '备注', folder: '临时' } });
  });

  it("refuses another person's or a missing bookmark on delete and update, changing nothing", async () => {
    const owner = await person();
    const other = await person();
    const { bookmark } = await owner.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: '我的' });
    const before = await rowById(bookmark.id);
    for (const call of [
      () => other.api.call(bookmarkDelete, { id: bookmark.id }),
      () => other.api.call(bookmarkUpdate, { id: bookmark.id, fields: { title: '被改了' } }),
      () => owner.api.call(bookmarkDelete, { id: bookmark.id + 1_000_000 }),
      () => owner.api.call(bookmarkUpdate, { id: bookmark.id + 1_000_000, fields: { title: '不存在' } }),
    ]) {
      const error = await apiFailure(call());
      expect(error.status).toBe(STATUS.NOT_FOUND);
      expect(error.message).toBe(ERRORS.BOOKMARK_NOT_FOUND.message);
    }
    expect(await rowById(bookmark.id)).toEqual(before);
  });

  it('refuses anonymous callers with 2011', async () => {
    for (const call of [
      () => t.api.call(bookmarkDelete, { id: 1 }),
      () => t.api.call(bookmarkUpdate, { id: 1, fields: { title: 'x' } }),
      () => t.api.call(bookmarkDeleteUrl, { id: 1 }),
      () => t.api.call(bookmarkList, {}),
      () => t.api.call(bookmarkUrlHistory, {}),
    ]) {
      expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
    }
  });

  it('updates title, note and folder (fields as an object or as JSON text)', async () => {
    const me = await person();
    const { bookmark } = await me.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: '旧标题' });
    const updated = await me.api.call(bookmarkUpdate, { id: bookmark.id, fields: { title: '新标题', folder: '软件' } });
    expect(updated).toMatchObject({ id: bookmark.id, title: '新标题', folder: '软件', note: '', url: bookmark.url });
    const again = await me.api.call(bookmarkUpdate, {
      id: bookmark.id,
      fields: JSON.stringify({ note: '好用' }) as never,
    });
    expect(again).toMatchObject({ title: '新标题', note: '好用', folder: '软件' });
  });

  it('refuses any other field (owner, URL, id) and prohibited words, changing nothing', async () => {
    const me = await person();
    const other = await person();
    const { bookmark } = await me.api.call(bookmarkSave, { url: `https://${uniqueHost()}/`, title: '原样' });
    const before = await rowById(bookmark.id);
    for (const fields of [
      { uid: other.id },
      { user_id: other.id },
      { userId: other.id },
      { url: 'https://evil.example.com/' },
      { id: 1 },
      { title: '新标题', uid: other.id },
      {},
      { title: '加微信' },
      { note: '网赌' },
    ]) {
      const error = await apiFailure(me.api.call(bookmarkUpdate, { id: bookmark.id, fields: fields as never }));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await rowById(bookmark.id)).toEqual(before);
  });
});

describe('URL history', () => {
  it('adds URLs newest first, moves a repeated one to the top with its hid, and takes a new title', async () => {
    const me = await person();
    const host = uniqueHost();
    const a = await me.api.call(bookmarkAddUrl, { url: `https://${host}/a`, title: 'A' });
    await me.api.call(bookmarkAddUrl, { url: `https://${host}/b`, title: 'B' });
    await me.api.call(bookmarkAddUrl, { url: `https://${host}/c#frag`, title: 'C' });
    const again = await me.api.call(bookmarkAddUrl, { url: `https://${host}/a`, title: '' });
    expect(again).toMatchObject({ hid: a.hid, title: 'A' });
    const moved = await me.api.call(bookmarkAddUrl, { url: `HTTPS://${host}/b`, title: 'B2' });
    const list = await me.api.call(bookmarkUrlHistory, {});
    expect(list.map((e) => [e.url, e.title])).toEqual([
      [`https://${host}/b`, 'B2'],
      [`https://${host}/a`, 'A'],
      [`https://${host}/c`, 'C'],
    ]);
    expect(list[0]?.hid).toBe(moved.hid);
  });

  it(`keeps only the newest ${BOOKMARK_HISTORY_LIMIT}`, async () => {
    const me = await person();
    const host = uniqueHost();
    for (let i = 0; i <= BOOKMARK_HISTORY_LIMIT + 1; i += 1) {
      await me.api.call(bookmarkAddUrl, { url: `https://${host}/${i}`, title: '' });
    }
    const list = await me.api.call(bookmarkUrlHistory, {});
    expect(list).toHaveLength(BOOKMARK_HISTORY_LIMIT);
    expect(list[0]?.url).toBe(`https://${host}/${BOOKMARK_HISTORY_LIMIT + 1}`);
    expect(list.at(-1)?.url).toBe(`https://${host}/2`);
    const stored = await t.app.db.select().from(historyTable).where(eq(historyTable.userId, me.id));
    expect(stored).toHaveLength(BOOKMARK_HISTORY_LIMIT);
  });

  it("deletes one's own entry; another person's or a missing hid is not found and stays", async () => {
    const me = await person();
    const other = await person();
    const mine = await me.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/`, title: '' });
    const theirs = await other.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/`, title: '' });
    const error = await apiFailure(me.api.call(bookmarkDeleteUrl, { id: theirs.hid }));
    expect(error.status).toBe(STATUS.NOT_FOUND);
    expect(error.message).toBe(ERRORS.BOOKMARK_HISTORY_NOT_FOUND.message);
    expect(await other.api.call(bookmarkUrlHistory, {})).toEqual([theirs]);
    expect(await me.api.call(bookmarkDeleteUrl, { id: mine.hid })).toEqual({ result: true });
    expect(await me.api.call(bookmarkUrlHistory, {})).toEqual([]);
  });

  it("clears one's own history only", async () => {
    const me = await person();
    const other = await person();
    await me.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/1`, title: '' });
    await me.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/2`, title: '' });
    await other.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/`, title: '' });
    expect(await me.api.call(bookmarkClearUrls, {})).toEqual({ result: true, deleted: 2 });
    expect(await me.api.call(bookmarkUrlHistory, {})).toEqual([]);
    expect(await other.api.call(bookmarkUrlHistory, {})).toHaveLength(1);
  });

  it('refuses a blocked domain and prohibited words', async () => {
    const admin = await person('admin');
    const me = await person();
    const host = uniqueHost();
    await admin.api.call(bookmarkBlockDomain, { domain: host, reason: '' });
    const blocked = await apiFailure(me.api.call(bookmarkAddUrl, { url: `https://www.${host}/`, title: '' }));
    expect(blocked.message).toBe(ERRORS.BOOKMARK_DOMAIN_BLOCKED.message);
    const words = await apiFailure(me.api.call(bookmarkAddUrl, { url: `https://${uniqueHost()}/`, title: '约炮' }));
    expect(words.message).toBe(ERRORS.CONTENT_PROHIBITED.message);
    expect(await me.api.call(bookmarkUrlHistory, {})).toEqual([]);
  });
});

describe('account deletion', () => {
  it("removes the account's bookmarks and history, and nobody else's", async () => {
    const leaver = await person();
    const stayer = await person();
    const url = `https://${uniqueHost()}/`;
    await leaver.api.call(bookmarkSave, { url, title: '走了' });
    await leaver.api.call(bookmarkAddUrl, { url, title: '' });
    await stayer.api.call(bookmarkSave, { url, title: '还在' });
    await leaver.api.call(deleteAccount, { confirm: '注销' });
    expect(await rowsOf(leaver.id)).toEqual([]);
    expect(await t.app.db.select().from(historyTable).where(eq(historyTable.userId, leaver.id))).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(bookmarks)
        .where(and(eq(bookmarks.userId, stayer.id), eq(bookmarks.url, url))),
    ).toHaveLength(1);
  });
});
