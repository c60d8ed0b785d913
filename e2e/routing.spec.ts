import type { APIResponse } from '@playwright/test';
import { expect, test, VIEWPORT_FREE } from './fixtures.ts';

/** The redirect target of a response as a path + query, whether Location is absolute or not. */
function locationOf(response: APIResponse): string {
  const location = response.headers().location;
  expect(location, 'a Location header').toBeTruthy();
  const url = new URL(location!, 'http://placeholder.invalid');
  return url.pathname + url.search;
}

test.describe('routing', () => {
  test.describe('a visitor on an unknown address', () => {
    // Chromium itself logs the 404 of the document it loaded; that one line is expected.
    test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 404 .* @ http:\/\/[^/]+\/x$/] });

    test('gets HTTP 404 and the not-found page naming the path', async ({ page }) => {
      const response = await page.goto('/x');
      expect(response?.status()).toBe(404);
      await expect(page.getByText('Page not found: /x')).toBeVisible();
    });

    test('gets the same 404 for a deeper unknown path', { tag: VIEWPORT_FREE }, async ({ request }) => {
      const response = await request.get('/no/such/page');
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain('Page not found: /no/such/page');
    });
  });

  test.describe('home with ?type=X', () => {
    for (const [from, to] of [
      ['/?type=mod', '/mod'],
      ['/home?type=travel', '/travel'],
    ] as const) {
      test(`${from} sends the visitor to ${to}`, { tag: VIEWPORT_FREE }, async ({ request }) => {
        const response = await request.get(from, { maxRedirects: 0 });
        expect([301, 302, 303, 307, 308]).toContain(response.status());
        expect(locationOf(response)).toBe(to);
      });
    }
  });

  test.describe('legacy links', () => {
    for (const [from, to] of [
      ['/invitecode?type=3&code=EV2024', '/invite/EV2024'],
      ['/goods?type=1&id=42', '/product/42'],
      ['/contentInfo?type=2&id=7', '/post/7'],
    ] as const) {
      test(`${from} moves permanently to ${to}`, { tag: VIEWPORT_FREE }, async ({ request }) => {
        const response = await request.get(from, { maxRedirects: 0 });
        expect(response.status()).toBe(301);
        expect(locationOf(response)).toBe(to);
      });
    }

    for (const from of [
      '/invitecode?type=3&code=',
      '/invitecode?code=EV2024',
      '/invitecode?type=1&code=EV2024',
      '/goods?type=1&id=',
      '/goods?id=42',
      '/goods?type=2&id=42',
      '/contentInfo?type=2&id=',
      '/contentInfo?id=7',
      '/contentInfo?type=1&id=7',
    ]) {
      test(`${from} is not a legacy link and answers 404`, { tag: VIEWPORT_FREE }, async ({ request }) => {
        const response = await request.get(from, { maxRedirects: 0 });
        expect(response.status()).toBe(404);
        expect(await response.text()).toContain(`Page not found: ${from.split('?')[0]}`);
      });
    }
  });
});
