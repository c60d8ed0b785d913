import { randomBytes } from 'node:crypto';
import {
  BOOKMARK_HOT_WINDOW_DAYS,
  bookmarkBlockDomain,
  bookmarkBlockedDomains,
  bookmarkHotUrls,
  bookmarkSave,
  bookmarkSetHot,
  bookmarkUnblockDomain,
  ERRORS,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { iconKeyFor } from './bookmarks.service.ts';
import { bookmarkBlockedDomains as blockedTable, bookmarkPageMeta, bookmarks } from './bookmarks.tables.ts';

let t: TestApp;
let admin: Person;
let savers: Person[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = await newPerson(t, { role: 'admin' });
  savers = [];
  for (let i = 0; i < 4; i += 1) savers.push(await newPerson(t));
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

/** A domain no other test uses. */
const uniqueDomain = () => `hot-${randomBytes(5).toString('hex')}.example.cn`;

/** The public hot list (anonymous, as everyone sees it), only the links under `domain`. */
async function hotUnder(domain: string) {
  const list = await t.api.call(bookmarkHotUrls, { size: 100 });
  return list.filter((entry) => new URL(entry.url).hostname.endsWith(domain));
}

async function save(who: Person, url: string, title: string) {
  return who.api.call(bookmarkSave, { url, title });
}

describe('public/bookmark/hot-urls', () => {
  it('lists links saved by at least two people lately, most savers first, ties by the latest save', async () => {
    const domain = uniqueDomain();
    const [u1, u2, u3, u4] = savers as [Person, Person, Person, Person];
    const a = `https://${domain}/a`;
    const b = `https://${domain}/b`;
    const c = `https://${domain}/c`;
    const old = `https://${domain}/old`;
    const tieFirst = `https://${domain}/tie-first`;
    const tieLater = `https://${domain}/tie-later`;
    await save(u1, old, '旧链接');
    await save(u2, old, '旧链接');
    await save(u3, old, '旧链接');
    await t.app.db
      .update(bookmarks)
      .set({ createdAt: new Date(Date.now() - (BOOKMARK_HOT_WINDOW_DAYS + 1) * DAY_MS) })
      .where(eq(bookmarks.url, old));
    await save(u1, tieFirst, '并列一');
    await save(u2, tieFirst, '并列一');
    await save(u1, a, '甲一');
    await save(u2, a, '甲二');
    await save(u3, a, '甲三');
    await save(u1, b, '乙');
    await save(u2, b, '');
    await save(u4, c, '只有一人');
    await save(u3, tieLater, '并列二');
    await save(u4, tieLater, '并列二');

    const hot = await hotUnder(domain);
    expect(hot).toEqual([
      { url: a, title: '甲三', favicon: '', savers: 3, pinned: false },
      { url: tieLater, title: '并列二', favicon: '', savers: 2, pinned: false },
      // The latest saver gave no title: the latest title given stands.
      { url: b, title: '乙', favicon: '', savers: 2, pinned: false },
      { url: tieFirst, title: '并列一', favicon: '', savers: 2, pinned: false },
    ]);
  });

  it('never tells who saved a link', async () => {
    const domain = uniqueDomain();
    for (const who of savers.slice(0, 3)) await save(who, `https://${domain}/`, '公开的标题');
    const list = await t.api.call(bookmarkHotUrls, { size: 100 });
    const mine = list.filter((entry) => entry.url === `https://${domain}/`);
    expect(mine).toHaveLength(1);
    for (const entry of list)
      expect(Object.keys(entry).sort()).toEqual(['favicon', 'pinned', 'savers', 'title', 'url']);
    const json = JSON.stringify(list);
    expect(json).not.toMatch(/uid|user|nickname|avatar/i);
    for (const who of savers) expect(json).not.toContain(who.nickname);
  });

  it("takes the page-meta cache's title and icon first, skipping a title with a prohibited word", async () => {
    const domain = uniqueDomain();
    const withMeta = `https://${domain}/meta`;
    const badMeta = `https://${domain}/bad-meta`;
    const untitled = `https://${domain}/untitled`;
    const iconBytes = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const iconKey = iconKeyFor(iconBytes, 'png');
    await t.app.storage.put(iconKey, iconBytes, 'image/png');
    await t.app.db.insert(bookmarkPageMeta).values([
      { url: withMeta, title: '网页自己的标题', faviconKey: iconKey },
      { url: badMeta, title: '加微信领红包', faviconKey: '' },
    ]);
    const [u1, u2] = savers as [Person, Person];
    for (const who of [u1, u2]) {
      await save(who, withMeta, '收藏者的标题');
      await save(who, badMeta, '收藏者的标题');
      await save(who, untitled, '');
    }
    const byUrl = new Map((await hotUnder(domain)).map((entry) => [entry.url, entry]));
    expect(byUrl.get(withMeta)).toMatchObject({ title: '网页自己的标题', favicon: t.app.storage.publicUrl(iconKey) });
    expect(byUrl.get(badMeta)).toMatchObject({ title: '收藏者的标题', favicon: '' });
    // Nothing better known: the host.
    expect(byUrl.get(untitled)).toMatchObject({ title: domain });
  });

  it('never shows a URL with a prohibited word, even one stored before the word was listed', async () => {
    const domain = uniqueDomain();
    const url = `https://${domain}/%E7%BD%91%E8%B5%8C`;
    await t.app.db
      .insert(bookmarks)
      .values(savers.slice(0, 3).map((who) => ({ userId: who.id, url, host: domain, title: '旧数据' })));
    await save(savers[0] as Person, `https://${domain}/fine`, '正常');
    await save(savers[1] as Person, `https://${domain}/fine`, '正常');
    expect((await hotUnder(domain)).map((entry) => entry.url)).toEqual([`https://${domain}/fine`]);
  });
});

describe('bookmark/set-hot', () => {
  it('pins links on top, newest pin first, at once for every caller; unpinning removes them', async () => {
    const domain = uniqueDomain();
    const popular = `https://${domain}/popular`;
    const [u1, u2] = savers as [Person, Person];
    await save(u1, popular, '热门');
    await save(u2, popular, '热门');
    // The list is cached for anonymous callers: pins must still show at once.
    expect(await hotUnder(domain)).toHaveLength(1);

    const first = `https://${domain}/first`;
    const second = `https://${domain}/second`;
    await t.app.db.insert(bookmarkPageMeta).values({ url: second, title: '网页标题', faviconKey: '' });
    expect(await admin.api.call(bookmarkSetHot, { url: first, hot: true, title: '官方推荐' })).toEqual({
      result: true,
    });
    await admin.api.call(bookmarkSetHot, { url: second, hot: '1' as never, title: '' });
    await admin.api.call(bookmarkSetHot, { url: popular, hot: true, title: '' });
    expect(await hotUnder(domain)).toEqual([
      { url: popular, title: '热门', favicon: '', savers: 2, pinned: true },
      { url: second, title: '网页标题', favicon: '', savers: 0, pinned: true },
      { url: first, title: '官方推荐', favicon: '', savers: 0, pinned: true },
    ]);
    // Pins come before every link that is only popular, whoever's.
    const list = await t.api.call(bookmarkHotUrls, { size: 100 });
    const firstUnpinned = list.findIndex((entry) => !entry.pinned);
    expect(firstUnpinned).toBeGreaterThan(0);
    expect(list.slice(firstUnpinned).every((entry) => !entry.pinned)).toBe(true);

    await admin.api.call(bookmarkSetHot, { url: first, hot: false, title: '' });
    await admin.api.call(bookmarkSetHot, { url: second, hot: '0' as never, title: '' });
    await admin.api.call(bookmarkSetHot, { url: popular, hot: false, title: '' });
    expect(await hotUnder(domain)).toEqual([{ url: popular, title: '热门', favicon: '', savers: 2, pinned: false }]);
  });

  it('refuses a blocked domain and a prohibited title', async () => {
    const domain = uniqueDomain();
    await admin.api.call(bookmarkBlockDomain, { domain, reason: '' });
    const blocked = await apiFailure(
      admin.api.call(bookmarkSetHot, { url: `https://www.${domain}/`, hot: true, title: '' }),
    );
    expect(blocked.message).toBe(ERRORS.BOOKMARK_DOMAIN_BLOCKED.message);
    const other = uniqueDomain();
    const words = await apiFailure(
      admin.api.call(bookmarkSetHot, { url: `https://${other}/`, hot: true, title: '博彩推荐' }),
    );
    expect(words.message).toBe(ERRORS.CONTENT_PROHIBITED.message);
    expect(await hotUnder(domain)).toEqual([]);
    expect(await hotUnder(other)).toEqual([]);
  });
});

describe('the domain blocklist', () => {
  it('hides a blocked domain and its subdomains from the hot list at once, pins included', async () => {
    const domain = uniqueDomain();
    const [u1, u2] = savers as [Person, Person];
    await save(u1, `https://m.${domain}/x`, '手机版');
    await save(u2, `https://m.${domain}/x`, '手机版');
    await save(u1, `https://not${domain}/`, '相似域名');
    await save(u2, `https://not${domain}/`, '相似域名');
    await admin.api.call(bookmarkSetHot, { url: `https://${domain}/pinned`, hot: true, title: '置顶' });
    expect((await hotUnder(domain)).map((entry) => entry.url).sort()).toEqual(
      [`https://${domain}/pinned`, `https://m.${domain}/x`, `https://not${domain}/`].sort(),
    );

    const blocked = await admin.api.call(bookmarkBlockDomain, { domain: domain.toUpperCase(), reason: '诈骗网站' });
    expect(blocked).toMatchObject({ domain, reason: '诈骗网站' });
    expect((await hotUnder(domain)).map((entry) => entry.url)).toEqual([`https://not${domain}/`]);

    expect(await admin.api.call(bookmarkUnblockDomain, { domain })).toEqual({ result: true });
    expect(await hotUnder(domain)).toHaveLength(3);
    await admin.api.call(bookmarkSetHot, { url: `https://${domain}/pinned`, hot: false, title: '' });
  });

  it('lists what admins blocked, newest first, with why; blocking again changes the reason', async () => {
    const first = uniqueDomain();
    const second = uniqueDomain();
    await admin.api.call(bookmarkBlockDomain, { domain: first, reason: '广告' });
    await admin.api.call(bookmarkBlockDomain, { domain: second, reason: '' });
    await admin.api.call(bookmarkBlockDomain, { domain: first, reason: '钓鱼' });
    const list = await admin.api.call(bookmarkBlockedDomains, {});
    const mine = list.filter((entry) => entry.domain === first || entry.domain === second);
    expect(mine.map((entry) => [entry.domain, entry.reason])).toEqual([
      [second, ''],
      [first, '钓鱼'],
    ]);
    const [row] = await t.app.db.select().from(blockedTable).where(eq(blockedTable.domain, first));
    expect(row?.createdBy).toBe(admin.id);
  });

  it('takes a domain, not a URL or junk', async () => {
    for (const domain of ['', 'example.com/path', 'https://example.com/', 'user@example.com', '!!!', 'a b.com']) {
      const error = await apiFailure(admin.api.call(bookmarkBlockDomain, { domain, reason: '' }));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
  });
});

describe('admin calls', () => {
  it('are refused to members (4003) and to anonymous callers (2011), changing nothing', async () => {
    const member = savers[0] as Person;
    const domain = uniqueDomain();
    const calls = (who: Person | null) => {
      const api = who ? who.api : t.api;
      return [
        () => api.call(bookmarkSetHot, { url: `https://${domain}/`, hot: true, title: '自己置顶' }),
        () => api.call(bookmarkBlockDomain, { domain, reason: '' }),
        () => api.call(bookmarkUnblockDomain, { domain }),
        () => api.call(bookmarkBlockedDomains, {}),
      ];
    };
    for (const call of calls(member)) {
      const error = await apiFailure(call());
      expect(error.status).toBe(STATUS.FORBIDDEN);
      expect(error.message).toBe(ERRORS.ADMIN_REQUIRED.message);
    }
    for (const call of calls(null)) expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
    expect(await hotUnder(domain)).toEqual([]);
    expect(await t.app.db.select().from(blockedTable).where(eq(blockedTable.domain, domain))).toEqual([]);
  });
});
