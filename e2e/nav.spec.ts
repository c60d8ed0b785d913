import { expect, PHONE_ONLY, test } from './fixtures.ts';

test('the header leads from the home feed to the following feed', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: '关注', exact: true }).first();
  await expect(link).toHaveAttribute('href', '/following');
  await link.click();
  await expect(page).toHaveURL(/\/following$/);
});

// The feed strip scrolls on phones only (PHONE_ONLY); the desktop header shows every feed.
test('on a phone the feed strip shows the feed you are on, also the last one', { tag: PHONE_ONLY }, async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: '主导航' });
  for (const [path, label] of [
    ['/exp', '经验'],
    ['/', '推荐'],
  ] as const) {
    await page.goto(path);
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('aria-current', 'page');
    const [box, strip] = await Promise.all([link.boundingBox(), nav.boundingBox()]);
    if (!box || !strip) throw new Error('the strip and its link are on screen');
    expect(box.x, `${label} starts inside the strip`).toBeGreaterThanOrEqual(strip.x - 1);
    expect(box.x + box.width, `${label} ends inside the strip`).toBeLessThanOrEqual(strip.x + strip.width + 1);
  }
});

test('on a phone, logged in, the strip fades at an edge it cuts instead of cutting a label there', {
  tag: PHONE_ONLY,
}, async ({ page, reader: _ }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: '主导航' });
  await expect(page.getByTestId('header-account')).toBeVisible();

  /** Which edges cut a label, and whether the strip's mask fades each edge. */
  const edges = () =>
    nav.evaluate((strip) => {
      const box = strip.getBoundingClientRect();
      const links = [...strip.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
      const mask = getComputedStyle(strip).maskImage;
      return {
        cutStart: links.some((r) => r.left < box.left - 0.5 && r.right > box.left + 0.5),
        cutEnd: links.some((r) => r.left < box.right - 0.5 && r.right > box.right + 0.5),
        fadesStart: /^linear-gradient\(to right, (transparent|rgba\(0, 0, 0, 0\))/.test(mask),
        fadesEnd: /(transparent|rgba\(0, 0, 0, 0\))\)$/.test(mask),
      };
    });

  // At the start a label is cut at the end (the scenario is real), and that edge fades.
  await expect.poll(edges).toMatchObject({ cutEnd: true, fadesEnd: true, fadesStart: false });
  await nav.evaluate((strip) => strip.scrollTo({ left: strip.scrollWidth }));
  await expect.poll(edges).toMatchObject({ fadesStart: true, fadesEnd: false });
  const { cutStart, fadesStart } = await edges();
  expect(!cutStart || fadesStart).toBe(true);
});
