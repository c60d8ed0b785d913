// The sitemap: GET /api/v1/sitemap/data and /routes through the contract client, and
// /sitemap.xml, its files and /robots.txt as a crawler reads them (the test app serves no
// web: SERVE_WEB=false). Only public things are listed: live posts of live authors,
// live authors with a live post, products on sale.
import { brotliDecompressSync } from 'node:zlib';
import {
  deleteAccount,
  postDelete,
  ROBOTS_DISALLOW,
  SITEMAP_DATA_LIMIT,
  SITEMAP_STATIC_PATHS,
  SITEMAP_THEME_TOPICS,
  STATUS,
  sitemapData,
  sitemapRoutes,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { signedUrl } from '../../../test/signed.ts';
import { invalidateResponseCache } from '../../platform/response-cache.ts';
import { users } from '../accounts/accounts.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { setProductOnSale } from '../shop/product-admin.service.ts';
import { shopProducts } from '../shop/shop.tables.ts';
import { createCategory, createProduct, storeImage } from '../shop/shop-fixtures.test-helper.ts';
import { registerSitemapFiles, SITEMAP_CACHE_SECONDS, SITEMAP_CACHE_TAG } from './sitemap.routes.ts';
import { parseSitemapFile } from './sitemap.service.ts';
import { escapeXml, w3cDatetime } from './sitemap-xml.ts';
import { childTexts, parseXml, type XmlElement } from './xml.test-helper.ts';

const PUBLIC_URL = 'https://che.example.cn';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** What one test app holds, by what should and should not be listed. */
type Community = {
  livePosts: number[];
  deletedPost: number;
  /** A live post row of an author whose account row is deleted (the author join must hide it). */
  orphanPost: number;
  /** Posts of an account deleted through the API (deleted with it). */
  goneAuthorPosts: number[];
  activeAuthors: number[];
  silentUser: number;
  deletedUser: number;
  goneAuthor: number;
  onSale: number[];
  offSale: number[];
  takenOff: number;
  topCategory: number;
  subCategory: number;
  emptyCategory: number;
};

async function buildCommunity(t: TestApp): Promise<Community> {
  const db = t.app.db;
  const alice = await createUser(db, { nickname: '爱丽丝' });
  const bob = await createUser(db, { nickname: '鲍勃' });
  const silent = await createUser(db, { nickname: '只看不发' });
  const ghost = await createUser(db, { nickname: '已注销' });
  const leaver = await createUser(db, { nickname: '要注销的人' });

  const livePosts = [
    (await createPost(db, { userId: alice.id })).id,
    (await createPost(db, { userId: bob.id })).id,
    (await createPost(db, { userId: alice.id })).id,
  ];
  const deletedPost = (await createPost(db, { userId: bob.id })).id;
  await (await loginAs(t, bob.id)).api.call(postDelete, { pid: deletedPost });
  // A row that should not exist (the account's posts go with it), listed by nobody all the same.
  const orphanPost = (await createPost(db, { userId: ghost.id })).id;
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ghost.id));
  const goneAuthorPosts = [(await createPost(db, { userId: leaver.id })).id];
  await (await loginAs(t, leaver.id)).api.call(deleteAccount, { confirm: '注销' });

  await storeImage(t);
  const topCategory = await createCategory(t, '充电设备');
  const subCategory = await createCategory(t, '家用充电桩', topCategory);
  const emptyCategory = await createCategory(t, '没有在售的分类');
  const onSale = [
    await createProduct(t, { cid: subCategory, title: '7kW 壁挂充电桩' }),
    await createProduct(t, { cid: subCategory, title: '便携充电枪' }),
  ];
  const offSale = [await createProduct(t, { cid: emptyCategory, title: '下架商品', on_sale: '0' })];
  const takenOff = await createProduct(t, { cid: emptyCategory, title: '卖完下架' });
  await setProductOnSale(db, takenOff, false);

  return {
    livePosts,
    deletedPost,
    orphanPost,
    goneAuthorPosts,
    activeAuthors: [alice.id, bob.id],
    silentUser: silent.id,
    deletedUser: ghost.id,
    goneAuthor: leaver.id,
    onSale,
    offSale,
    takenOff,
    topCategory,
    subCategory,
    emptyCategory,
  };
}

const idsOf = (paths: readonly string[], prefix: string) =>
  paths.filter((p) => p.startsWith(prefix)).map((p) => Number(p.slice(prefix.length)));

/** The elements of a sitemap document, checked well-formed and in the sitemaps.org namespace. */
function sitemapDocument(xml: string, root: 'urlset' | 'sitemapindex'): XmlElement[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const document = parseXml(xml);
  expect(document.name).toBe(root);
  expect(document.attributes.xmlns).toBe(NS);
  for (const child of document.children) {
    expect(child.name).toBe(root === 'urlset' ? 'url' : 'sitemap');
    expect(child.children.map((c) => c.name)).toEqual(expect.arrayContaining(['loc']));
    for (const lastmod of childTexts([child], 'lastmod')) expect(lastmod).toMatch(W3C);
  }
  return document.children;
}

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** Every URL the sitemap index leads to, file by file (each fetched and checked). */
async function crawl(app: FastifyInstance, publicUrl = PUBLIC_URL): Promise<Map<string, string[]>> {
  const index = await get(app, '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const files = new Map<string, string[]>();
  for (const loc of childTexts(sitemapDocument(index.body, 'sitemapindex'), 'loc')) {
    expect(loc.startsWith(`${publicUrl}/sitemaps/`)).toBe(true);
    const path = loc.slice(publicUrl.length);
    const file = await get(app, path);
    expect(file.statusCode, path).toBe(200);
    files.set(path, childTexts(sitemapDocument(file.body, 'urlset'), 'loc'));
  }
  return files;
}

describe('the sitemap of a community', () => {
  let t: TestApp;
  let c: Community;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    c = await buildCommunity(t);
  });
  afterAll(() => t.close());

  describe('GET /api/v1/sitemap/data', () => {
    it('lists public posts, active authors, products on sale and the topics, newest first', async () => {
      const data = await t.api.call(sitemapData, {});
      expect(data.posts.map((p) => p.pid)).toEqual([...c.livePosts].reverse());
      expect(data.users.map((u) => u.uid)).toEqual([...c.activeAuthors].reverse());
      expect(data.products.map((p) => p.pid)).toEqual([...c.onSale].reverse());
      expect(data.products.map((p) => p.title)).toEqual(['便携充电枪', '7kW 壁挂充电桩']);
      for (const item of [...data.posts, ...data.users, ...data.products]) expect(item.lastmod).toMatch(W3C);
      expect(data.topics).toEqual([
        ...SITEMAP_THEME_TOPICS.map(({ path, name }) => ({ kind: 'theme', path, name })),
        { kind: 'category', path: `/shop/category/${c.topCategory}`, name: '充电设备' },
        {
          kind: 'category',
          path: `/shop/category/${c.topCategory}/${c.subCategory}`,
          name: '充电设备 / 家用充电桩',
        },
      ]);
    });

    it('dates a post by its publication and a user by their latest post or profile change', async () => {
      const author = await createUser(t.app.db, { updatedAt: new Date('2026-01-02T03:04:05.678Z') });
      const post = await createPost(t.app.db, { userId: author.id, createdAt: new Date('2026-03-01T10:00:00.999Z') });
      const editor = await createUser(t.app.db, { updatedAt: new Date('2026-05-05T05:05:05Z') });
      await createPost(t.app.db, { userId: editor.id, createdAt: new Date('2026-04-01T00:00:00Z') });
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      const data = await t.api.call(sitemapData, {});
      expect(data.posts.find((p) => p.pid === post.id)?.lastmod).toBe('2026-03-01T10:00:00Z');
      expect(data.users.find((u) => u.uid === author.id)?.lastmod).toBe('2026-03-01T10:00:00Z');
      expect(data.users.find((u) => u.uid === editor.id)?.lastmod).toBe('2026-05-05T05:05:05Z');
    });
  });

  describe('GET /api/v1/sitemap/routes', () => {
    it('pages through every public post and active author by id, without a gap or a repeat', async () => {
      const seen = { posts: [] as string[], users: [] as string[] };
      let cursor = { post_after: 0, user_after: 0 };
      let calls = 0;
      for (let more = true; more; calls++) {
        const page = await t.api.call(sitemapRoutes, { ...cursor, size: 2 });
        expect(page.posts.length).toBeLessThanOrEqual(2);
        expect(page.users.length).toBeLessThanOrEqual(2);
        seen.posts.push(...page.posts);
        seen.users.push(...page.users);
        cursor = { post_after: page.next_post_after ?? 1e15, user_after: page.next_user_after ?? 1e15 };
        more = page.next_post_after !== null || page.next_user_after !== null;
      }
      const listed = await t.api.call(sitemapData, {});
      expect(seen.posts).toEqual(
        listed.posts
          .map((p) => p.pid)
          .sort((a, b) => a - b)
          .map((pid) => `/post/${pid}`),
      );
      expect(seen.users).toEqual(
        listed.users
          .map((u) => u.uid)
          .sort((a, b) => a - b)
          .map((uid) => `/user/${uid}`),
      );
      // A list of n ends with the call after its last full page: n / 2 + 1 calls when even.
      const callsFor = (n: number) => Math.floor(n / 2) + 1;
      expect(calls).toBe(Math.max(callsFor(seen.posts.length), callsFor(seen.users.length)));
    });

    it('says where to go on only when a page is full', async () => {
      const all = await t.api.call(sitemapRoutes, {});
      expect(all.next_post_after).toBeNull();
      expect(all.next_user_after).toBeNull();
      const first = await t.api.call(sitemapRoutes, { size: 1 });
      expect(first.next_post_after).toBe(idsOf(first.posts, '/post/')[0]);
      const last = idsOf(all.posts, '/post/').at(-1) as number;
      const after = await t.api.call(sitemapRoutes, { post_after: last, size: 1 });
      expect(after.posts).toEqual([]);
      expect(after.next_post_after).toBeNull();
    });

    it.each([
      ['a negative cursor', { post_after: '-1' }],
      ['a cursor that is not a number', { user_after: 'abc' }],
      ['a cursor past any id', { post_after: '1e30' }],
      ['a fractional cursor', { post_after: '1.5' }],
      ['size 0', { size: '0' }],
      ['a size that is not a number', { size: 'many' }],
    ])('answers VALIDATION_FAILED, never a server error, for %s', async (_what, query) => {
      const res = await get(t.app, signedUrl(sitemapRoutes.path, t.config.API_SIGN_SECRET, { query }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, data: null });
    });

    it('caps a huge size and shrugs at repeated or unknown parameters', async () => {
      const big = await get(
        t.app,
        signedUrl(sitemapRoutes.path, t.config.API_SIGN_SECRET, { query: { size: '999999999' } }),
      );
      expect(big.json()).toMatchObject({ status: STATUS.SUCCESS });
      const url = `${signedUrl(sitemapRoutes.path, t.config.API_SIGN_SECRET, { query: { size: '1' } })}&size=2&x[y]=1`;
      expect((await get(t.app, url)).json().status).not.toBe(STATUS.SERVER_ERROR);
      const data = await get(t.app, signedUrl(sitemapData.path, t.config.API_SIGN_SECRET, { query: { foo: 'bar' } }));
      expect(data.json()).toMatchObject({ status: STATUS.SUCCESS });
    });
  });

  describe('/sitemap.xml and its files', () => {
    it('is an index of well-formed files that list exactly what is public, as absolute URLs', async () => {
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      const files = await crawl(t.app);
      expect([...files.keys()]).toEqual([
        '/sitemaps/static.xml',
        '/sitemaps/topics.xml',
        '/sitemaps/posts-1.xml',
        '/sitemaps/users-1.xml',
        '/sitemaps/products-1.xml',
      ]);
      const all = [...files.values()].flat();
      for (const loc of all) expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      const paths = all.map((loc) => loc.slice(PUBLIC_URL.length));
      expect(files.get('/sitemaps/static.xml')).toEqual(SITEMAP_STATIC_PATHS.map((p) => `${PUBLIC_URL}${p}`));
      expect(files.get('/sitemaps/topics.xml')).toEqual([
        ...SITEMAP_THEME_TOPICS.map((topic) => `${PUBLIC_URL}${topic.path}`),
        `${PUBLIC_URL}/shop/category/${c.topCategory}`,
        `${PUBLIC_URL}/shop/category/${c.topCategory}/${c.subCategory}`,
      ]);
      const listedPosts = idsOf(paths, '/post/');
      for (const pid of c.livePosts) expect(listedPosts).toContain(pid);
      for (const pid of [c.deletedPost, c.orphanPost, ...c.goneAuthorPosts]) expect(listedPosts).not.toContain(pid);
      const listedUsers = idsOf(paths, '/user/');
      for (const uid of c.activeAuthors) expect(listedUsers).toContain(uid);
      for (const uid of [c.silentUser, c.deletedUser, c.goneAuthor]) expect(listedUsers).not.toContain(uid);
      expect(idsOf(paths, '/product/')).toEqual(c.onSale);
      expect(paths.some((p) => p.includes(`/shop/category/${c.emptyCategory}`))).toBe(false);
      // Nothing robots.txt keeps crawlers out of is offered to them.
      for (const path of paths) for (const prefix of ROBOTS_DISALLOW) expect(path.startsWith(prefix)).toBe(false);
    });

    it('dates each file by the newest change in it, and each URL by its own', async () => {
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      const index = sitemapDocument((await get(t.app, '/sitemap.xml')).body, 'sitemapindex');
      const lastmodOf = (file: string) =>
        childTexts(
          index.filter((e) => childTexts([e], 'loc')[0] === `${PUBLIC_URL}/sitemaps/${file}`),
          'lastmod',
        );
      const data = await t.api.call(sitemapData, {});
      expect(lastmodOf('posts-1.xml')).toEqual([
        data.posts
          .map((p) => p.lastmod)
          .sort()
          .at(-1),
      ]);
      expect(lastmodOf('users-1.xml')).toEqual([
        data.users
          .map((u) => u.lastmod)
          .sort()
          .at(-1),
      ]);
      const edits = await t.app.db.select({ updatedAt: shopProducts.updatedAt }).from(shopProducts);
      const onSaleEdits = (await t.app.db.select().from(shopProducts))
        .filter((p) => c.onSale.includes(p.id))
        .map((p) => w3cDatetime(p.updatedAt))
        .sort();
      expect(edits.length).toBeGreaterThan(onSaleEdits.length);
      expect(lastmodOf('products-1.xml')).toEqual([onSaleEdits.at(-1)]);
      // The static pages and the topics change all the time: no date is better than a wrong one.
      expect(lastmodOf('static.xml')).toEqual([]);
      const postsFile = sitemapDocument((await get(t.app, '/sitemaps/posts-1.xml')).body, 'urlset');
      const first = postsFile.find((e) => childTexts([e], 'loc')[0] === `${PUBLIC_URL}/post/${c.livePosts[0]}`);
      const [row] = await t.app.db
        .select()
        .from(posts)
        .where(eq(posts.id, c.livePosts[0] as number));
      expect(childTexts(first ? [first] : [], 'lastmod')).toEqual([w3cDatetime(row?.createdAt as Date)]);
    });

    it('is XML with caching for an hour, compressed for a client that takes Brotli', async () => {
      const index = await get(t.app, '/sitemap.xml');
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(index.headers['cache-control']).toBe(`public, max-age=${SITEMAP_CACHE_SECONDS}`);
      // Enough posts for the file to pass the platform's 1 KB compression threshold.
      const author = await createUser(t.app.db);
      for (let i = 0; i < 20; i++) await createPost(t.app.db, { userId: author.id });
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      const plain = await get(t.app, '/sitemaps/posts-1.xml');
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(t.app, '/sitemaps/posts-1.xml', { 'accept-encoding': 'br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    });

    it('serves a made file again until it expires: the database is not read per request', async () => {
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      const before = (await get(t.app, '/sitemaps/posts-1.xml')).body;
      const author = await createUser(t.app.db);
      const fresh = await createPost(t.app.db, { userId: author.id });
      expect((await get(t.app, '/sitemaps/posts-1.xml')).body).toBe(before);
      invalidateResponseCache(SITEMAP_CACHE_TAG);
      expect((await get(t.app, '/sitemaps/posts-1.xml')).body).toContain(`${PUBLIC_URL}/post/${fresh.id}<`);
    });

    it.each([
      '/sitemaps/posts-2.xml',
      '/sitemaps/users-999999.xml',
      '/sitemaps/products-0.xml',
      '/sitemaps/posts-01.xml',
      '/sitemaps/posts-50001.xml',
      '/sitemaps/posts-1.xml.gz',
      '/sitemaps/posts-x.xml',
      '/sitemaps/comments-1.xml',
      '/sitemaps/static.XML',
      '/sitemaps/',
      '/sitemaps/%2e%2e%2fpackage.json',
    ])('answers an unknown or empty file %s with a plain 404', async (url) => {
      const res = await get(t.app, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    });

    it('answers a name that is not even a URL (a bad percent escape) as a client error', async () => {
      const res = await get(t.app, '/sitemaps/%ff.xml');
      expect(res.statusCode).toBe(400);
    });
  });

  describe('/robots.txt', () => {
    it('lets crawlers read the public pages, keeps them out of the private ones, and names the sitemap', async () => {
      const res = await get(t.app, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toContain('Allow: /');
      const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
      expect(disallowed).toEqual([...ROBOTS_DISALLOW]);
      for (const prefix of ['/admin/', '/settings', '/cart', '/publish', '/m/scan/', '/api/', '/following']) {
        expect(disallowed).toContain(prefix);
      }
      expect(disallowed).toContain('/test-websocket');
      // The public pages stay open: no rule is a prefix of them.
      for (const open of [
        '/',
        '/post/1',
        '/user/1',
        '/product/1',
        '/shop',
        '/shop/category/1/2',
        '/mod',
        '/tesla-tools',
      ]) {
        expect(disallowed.filter((prefix) => open.startsWith(prefix))).toEqual([]);
      }
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });
  });
});

describe('sitemap files split at the page size', () => {
  const PAGE_SIZE = 3;
  let t: TestApp;
  let files: FastifyInstance;
  let live: number[];
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    // The same routes over the same database, with files of three URLs read two rows at a time.
    files = Fastify();
    files.decorate('config', t.config);
    files.decorate('db', t.app.db);
    await registerSitemapFiles(files, { pageSize: PAGE_SIZE, readBatch: 2 });
    await files.ready();

    const author = await createUser(t.app.db);
    const made: number[] = [];
    for (let i = 0; i < 11; i++) made.push((await createPost(t.app.db, { userId: author.id })).id);
    // A whole range of ids emptied (the range of the 5th id, wherever it falls), and one post more.
    const hole = Math.ceil((made[4] as number) / PAGE_SIZE);
    const gone = made.filter((id) => Math.ceil(id / PAGE_SIZE) === hole);
    const stray = made[9] as number;
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, stray));
    for (const id of gone) await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, id));
    live = made.filter((id) => id !== stray && !gone.includes(id));
  });
  afterAll(async () => {
    await files.close();
    await t.close();
  });

  it('names one file per range of ids with something in it, none of more than the page size', async () => {
    const crawled = await crawl(files);
    const postFiles = [...crawled.entries()].filter(([path]) => path.startsWith('/sitemaps/posts-'));
    const ranges = [...new Set(live.map((id) => Math.ceil(id / PAGE_SIZE)))];
    expect(postFiles.map(([path]) => path)).toEqual(ranges.map((n) => `/sitemaps/posts-${n}.xml`));
    for (const [, locs] of postFiles) expect(locs.length).toBeLessThanOrEqual(PAGE_SIZE);
    // Eleven ids in a row fill at least two ranges whole: the limit is reached, not exceeded.
    expect(postFiles.filter(([, locs]) => locs.length === PAGE_SIZE).length).toBeGreaterThanOrEqual(2);
    // Across the files, every live post once, in id order: no gap, no repeat.
    const listed = postFiles.flatMap(([, locs]) =>
      idsOf(
        locs.map((l) => l.slice(PUBLIC_URL.length)),
        '/post/',
      ),
    );
    expect(listed).toEqual(live);
  });

  it('answers 404 for the emptied range and past the last one', async () => {
    const index = await get(files, '/sitemap.xml');
    const named = childTexts(sitemapDocument(index.body, 'sitemapindex'), 'loc');
    const last = Math.ceil((live.at(-1) as number) / PAGE_SIZE);
    for (let n = 1; n <= last + 1; n++) {
      const path = `/sitemaps/posts-${n}.xml`;
      const res = await get(files, path);
      expect(res.statusCode, path).toBe(named.includes(`${PUBLIC_URL}${path}`) ? 200 : 404);
    }
    expect(named.length).toBeLessThan(2 + last + 2);
  });
});

describe('the newest of each kind', () => {
  it(`lists at most SITEMAP_DATA_LIMIT (${SITEMAP_DATA_LIMIT}) posts and users, the highest ids`, async () => {
    const t = await buildTestApp({ PUBLIC_URL });
    try {
      const made: { uid: number; pid: number }[] = [];
      for (let i = 0; i <= SITEMAP_DATA_LIMIT; i++) {
        const author = await createUser(t.app.db);
        made.push({ uid: author.id, pid: (await createPost(t.app.db, { userId: author.id })).id });
      }
      const data = await t.api.call(sitemapData, {});
      const newest = made.slice(1).reverse();
      expect(data.posts.map((p) => p.pid)).toEqual(newest.map((m) => m.pid));
      expect(data.users.map((u) => u.uid)).toEqual(newest.map((m) => m.uid));
    } finally {
      await t.close();
    }
  });
});

describe('when the database fails', () => {
  it('answers 503 with Retry-After, not a page a crawler would take for the sitemap', async () => {
    const t = await buildTestApp({ PUBLIC_URL });
    try {
      await t.app.database.close();
      for (const url of ['/sitemap.xml', '/sitemaps/posts-1.xml', '/sitemaps/topics.xml']) {
        const res = await get(t.app, url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBe('60');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      // robots.txt needs no database.
      expect((await get(t.app, '/robots.txt')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('escaping', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(w3cDatetime(new Date('2026-11-25T08:30:00.999Z'))).toBe('2026-11-25T08:30:00Z');
  });

  it('writes a public address with XML specials escaped, and the files stay well-formed', async () => {
    const publicUrl = "https://che.example.cn/a&b'<c>";
    const t = await buildTestApp({ PUBLIC_URL: publicUrl });
    try {
      const author = await createUser(t.app.db);
      const post = await createPost(t.app.db, { userId: author.id });
      const raw = (await get(t.app, '/sitemaps/posts-1.xml')).body;
      expect(raw).toContain('https://che.example.cn/a&amp;b&apos;&lt;c&gt;/post/');
      const files = await crawl(t.app, publicUrl);
      expect(files.get('/sitemaps/posts-1.xml')).toEqual([`${publicUrl}/post/${post.id}`]);
      expect((await get(t.app, '/robots.txt')).body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
    } finally {
      await t.close();
    }
  });
});

describe('parseSitemapFile', () => {
  it('knows the files an index may name and nothing else', () => {
    expect(parseSitemapFile('static.xml')).toEqual({ kind: 'static' });
    expect(parseSitemapFile('topics.xml')).toEqual({ kind: 'topics' });
    expect(parseSitemapFile('posts-1.xml')).toEqual({ kind: 'posts', page: 1 });
    expect(parseSitemapFile('products-50000.xml')).toEqual({ kind: 'products', page: 50_000 });
    for (const name of [
      'posts-0.xml',
      'posts-007.xml',
      'users-50001.xml',
      'posts-1.xml ',
      'posts--1.xml',
      'index.xml',
    ]) {
      expect(parseSitemapFile(name)).toBeNull();
    }
  });
});
