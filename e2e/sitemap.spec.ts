import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, VIEWPORT_FREE } from './fixtures.ts';
import { E2E_BASE_URL } from './support/constants.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The `<loc>`s of a sitemap document as the browser's own XML parser reads it (a document
 * that is not well-formed fails the test), after checking its type and root element.
 */
async function locsOf(page: Page, request: APIRequestContext, path: string, root: string): Promise<string[]> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  return page.evaluate(
    ({ xml, root, ns }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('not well-formed XML');
      if (doc.documentElement.localName !== root || doc.documentElement.namespaceURI !== ns) {
        throw new Error(`root is ${doc.documentElement.localName} in ${doc.documentElement.namespaceURI}`);
      }
      return [...doc.getElementsByTagNameNS(ns, 'loc')].map((loc) => loc.textContent ?? '');
    },
    { xml, root, ns: SITEMAP_NS },
  );
}

test.describe('sitemap', () => {
  test('a crawler reads robots.txt and the sitemap, and a post the sitemap names opens its page', {
    tag: VIEWPORT_FREE,
  }, async ({ page, request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const rules = (await robots.text()).split('\n');
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Disallow: /admin/');
    expect(rules).toContain(`Sitemap: ${E2E_BASE_URL}/sitemap.xml`);

    const files = await locsOf(page, request, '/sitemap.xml', 'sitemapindex');
    for (const name of ['static.xml', 'topics.xml', 'posts-1.xml', 'users-1.xml', 'products-1.xml']) {
      expect(files).toContain(`${E2E_BASE_URL}/sitemaps/${name}`);
    }
    const urls: string[] = [];
    for (const file of files) urls.push(...(await locsOf(page, request, file.slice(E2E_BASE_URL.length), 'urlset')));

    // Every fixed page and topic the sitemap offers is a page of the product, not its 404.
    const fixed = urls.filter((url) => !/\/(post|user|product)\/\d+$/.test(url));
    expect(fixed).toContain(`${E2E_BASE_URL}/tesla-tools`);
    expect(fixed.some((url) => url.startsWith(`${E2E_BASE_URL}/shop/category/`))).toBe(true);
    for (const url of fixed) expect((await request.get(url)).status(), url).toBe(200);
    const user = urls.find((url) => url.startsWith(`${E2E_BASE_URL}/user/`));
    const product = urls.find((url) => url.startsWith(`${E2E_BASE_URL}/product/`));
    for (const url of [user, product]) expect((await request.get(url ?? '/missing')).status(), url).toBe(200);

    const post = urls.find((url) => url.startsWith(`${E2E_BASE_URL}/post/`));
    if (!post) throw new Error('the sitemap names no post');
    const response = await page.goto(post);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('post-view')).toHaveAttribute('data-pid', post.split('/').at(-1) as string);
  });
});
