// The meta endpoint end to end: blocklist, the day-long cache, the guarded fetch of a
// local test site (reachable only with the test-only BOOKMARK_FETCH_ALLOW_LOOPBACK) and
// the icon copy stored here. The fetcher's own SSRF battery is page-meta.test.ts and
// platform/safe-fetch.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bookmarkBlockDomain,
  bookmarkMeta,
  bookmarkSave,
  bookmarkUnblockDomain,
  ERRORS,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { bookmarkPageMeta } from './bookmarks.tables.ts';
import { BOOKMARK_META_TTL } from './page-meta.service.ts';

/** Requests the test site answered, by path. */
const hits = new Map<string, number>();
let site: Server;
let origin: string;
let icon: Buffer;

const page = (title: string, extra = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${extra}` +
  '<link rel="icon" href="/icon.png"></head><body>页面正文，不该出现在任何回答里 SECRET-BODY</body></html>';

beforeAll(async () => {
  icon = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#1e88e5' } })
    .png()
    .toBuffer();
  site = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(icon);
    } else if (path === '/to-localhost') {
      res.writeHead(302, { location: `http://localhost:${(site.address() as AddressInfo).port}/after-hop` }).end();
    } else if (path === '/bad-title') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page('加微信领红包'));
    } else if (path === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"SECRET-BODY"}');
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(`充电地图 ${path}`));
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('bookmark/meta with loopback allowed (the test site)', () => {
  let t: TestApp;
  let me: Person;
  let admin: Person;
  beforeAll(async () => {
    t = await buildTestApp({ BOOKMARK_FETCH_ALLOW_LOOPBACK: true });
    me = await newPerson(t);
    admin = await newPerson(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('answers the title and a copy of the icon stored here, which a save then accepts', async () => {
    const meta = await me.api.call(bookmarkMeta, { url: `${origin}/map#top` });
    expect(meta.url).toBe(`${origin}/map`);
    expect(meta.title).toBe('充电地图 /map');
    expect(meta.favicon).toMatch(/^\/files\/bookmark-icons\/[0-9a-f]{64}\.png$/);
    const key = meta.favicon.replace(/^\/files\//, '');
    const stored = await t.app.storage.get(key);
    expect((await sharp(stored).metadata()).format).toBe('png');

    const saved = await me.api.call(bookmarkSave, { url: meta.url, title: meta.title, favicon: meta.favicon });
    expect(saved.bookmark.favicon).toBe(meta.favicon);

    // The same icon on another page is the same file.
    const other = await me.api.call(bookmarkMeta, { url: `${origin}/other` });
    expect(other.favicon).toBe(meta.favicon);
  });

  it('answers from the cache for a day, for everyone, without fetching again', async () => {
    const url = `${origin}/cached`;
    const first = await me.api.call(bookmarkMeta, { url });
    expect(hits.get('/cached')).toBe(1);
    const someoneElse = await newPerson(t);
    expect(await someoneElse.api.call(bookmarkMeta, { url })).toEqual(first);
    expect(await me.api.call(bookmarkMeta, { url })).toEqual(first);
    expect(hits.get('/cached')).toBe(1);

    await t.app.db
      .update(bookmarkPageMeta)
      .set({ fetchedAt: new Date(Date.now() - BOOKMARK_META_TTL - 1000) })
      .where(eq(bookmarkPageMeta.url, url));
    expect(await me.api.call(bookmarkMeta, { url })).toEqual(first);
    expect(hits.get('/cached')).toBe(2);
  });

  it('refuses a blocked domain before fetching, and a redirect into one', async () => {
    await admin.api.call(bookmarkBlockDomain, { domain: '127.0.0.1', reason: '测试' });
    const direct = await apiFailure(me.api.call(bookmarkMeta, { url: `${origin}/blocked` }));
    expect(direct.message).toBe(ERRORS.BOOKMARK_DOMAIN_BLOCKED.message);
    expect(hits.get('/blocked')).toBeUndefined();
    await admin.api.call(bookmarkUnblockDomain, { domain: '127.0.0.1' });

    await admin.api.call(bookmarkBlockDomain, { domain: 'localhost', reason: '测试' });
    const hop = await apiFailure(me.api.call(bookmarkMeta, { url: `${origin}/to-localhost` }));
    expect(hop.status).toBe(STATUS.FORBIDDEN);
    expect(hop.message).toBe(ERRORS.BOOKMARK_DOMAIN_BLOCKED.message);
    expect(hits.get('/to-localhost')).toBe(1);
    expect(hits.get('/after-hop')).toBeUndefined();
    await admin.api.call(bookmarkUnblockDomain, { domain: 'localhost' });
  });

  it('drops a title with a prohibited word, so the person types one', async () => {
    const meta = await me.api.call(bookmarkMeta, { url: `${origin}/bad-title` });
    expect(meta.title).toBe('');
  });

  it('refuses a page that is not HTML without echoing it', async () => {
    const error = await apiFailure(me.api.call(bookmarkMeta, { url: `${origin}/json` }));
    expect(error.message).toBe(ERRORS.BOOKMARK_NOT_HTML.message);
    expect(JSON.stringify([error.message, error.data])).not.toContain('SECRET');
  });

  it('needs login', async () => {
    expect((await apiFailure(t.api.call(bookmarkMeta, { url: `${origin}/anon` }))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect(hits.get('/anon')).toBeUndefined();
  });
});

describe('bookmark/meta as deployed (loopback refused)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses the loopback test site without reaching it or saying anything of it', async () => {
    const me = await newPerson(t);
    for (const url of [`${origin}/private`, `http://localhost:${new URL(origin).port}/private`]) {
      const error = await apiFailure(me.api.call(bookmarkMeta, { url }));
      expect(error.status).toBe(STATUS.FORBIDDEN);
      expect(error.message).toBe(ERRORS.BOOKMARK_ADDRESS_REFUSED.message);
      expect(JSON.stringify([error.message, error.data])).not.toMatch(/充电地图|SECRET/);
    }
    expect(hits.get('/private')).toBeUndefined();
    expect(await t.app.db.select().from(bookmarkPageMeta)).toEqual([]);
  });
});
