import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';

const html = (page: Page) => page.locator('html');

/** Clicks the cycling toggle (跟随系统 → 浅色 → 深色) until it reports `wanted`. */
async function choosePreference(page: Page, wanted: 'system' | 'light' | 'dark') {
  const toggle = page.getByTestId('color-mode-toggle').first();
  // The toggle is inert until hydration; it says its preference once it is live.
  await expect(toggle).toHaveAttribute('data-preference', /system|light|dark/);
  for (let i = 0; i < 3; i++) {
    if ((await toggle.getAttribute('data-preference')) === wanted) return;
    const before = await toggle.getAttribute('data-preference');
    await toggle.click();
    await expect(toggle).not.toHaveAttribute('data-preference', before ?? '');
  }
  await expect(toggle).toHaveAttribute('data-preference', wanted);
}

test.describe('colour mode', () => {
  test('reader switches to dark, reloads, and the page is dark from the first paint', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await choosePreference(page, 'dark');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.reload();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.getByTestId('color-mode-toggle').first()).toHaveAttribute('data-preference', 'dark');

    // No flash: with every script file blocked, nothing but the inline head script can run,
    // so a dark <html> here was set before hydration, before the first paint.
    const bare = await context.newPage();
    await bare.emulateMedia({ colorScheme: 'light' });
    await bare.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    const response = await bare.goto('/');
    expect(await response?.text(), 'the server cannot know the choice; the class comes from the script').not.toMatch(
      /<html[^>]*class="[^"]*\bdark\b/,
    );
    await expect(html(bare)).toHaveClass(/(^|\s)dark(\s|$)/);
    // Proof that nothing hydrated there: the toggle never learned the stored preference.
    await expect(bare.getByTestId('color-mode-toggle').first()).not.toHaveAttribute('data-preference', /./);
    await bare.close();
  });

  test('reader who chose light stays light on a dark system', { tag: ONE_VIEWPORT }, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await choosePreference(page, 'light');
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(page.getByTestId('color-mode-toggle').first()).toHaveAttribute('data-preference', 'light');
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
  });

  test('with no choice made, the page follows the system setting, live', { tag: ONE_VIEWPORT }, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.getByTestId('color-mode-toggle').first()).toHaveAttribute('data-preference', 'system');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
  });
});
