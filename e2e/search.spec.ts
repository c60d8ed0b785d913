import { randomInt } from 'node:crypto';
import { productSearch, searchHot, updateProfile } from '@evcircle/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test, VIEWPORT_FREE } from './fixtures.ts';
import { decode, escapeRegExp, metaContent } from './support/html.ts';
import { waitForApp } from './support/hydration.ts';
import { type LoggedInUser, loginByApi, loginInBrowser } from './support/login.ts';
import { publishImagePost } from './support/media.ts';
import { shoot } from './support/screenshots.ts';
import { drag } from './support/touch.ts';

/** A Latin word nobody else in the run writes: a post or a nickname carrying it is found by it alone. */
function uniqueToken(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  return `qz${Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('')}`;
}

/** A person whose nickname starts with 特斯拉 (特斯拉 and its initials tsl find them), car model Model Y. */
async function teslaFan(): Promise<{ user: LoggedInUser; nickname: string; bio: string }> {
  const user = await loginByApi();
  const nickname = `特斯拉${uniqueToken().slice(2)}`;
  const bio = '周末跑山，喜欢拍车';
  await user.api.call(updateProfile, { nickname, car_model: 'Model Y', bio });
  return { user, nickname, bio };
}

/** The word and tab of the address. */
function address(page: Page): { word: string | null; type: string | null } {
  const search = new URL(page.url()).searchParams;
  return { word: search.get('word'), type: search.get('type') };
}

/** The modal keys of the address (postId or productId), or null when no modal is open. */
function modalParams(page: Page, key: 'postId' | 'productId'): { id: number; index: number } | null {
  const search = new URL(page.url()).searchParams;
  if (search.get('modal') !== 'true') return null;
  return { id: Number(search.get(key)), index: Number(search.get('index')) };
}

function searchInput(page: Page): Locator {
  return page.getByRole('combobox', { name: '搜索帖子、用户和商品' });
}

/** Searches for `word` with the input, as a person types it and presses Enter. */
async function searchFor(page: Page, word: string): Promise<void> {
  const input = searchInput(page);
  await input.fill(word);
  await input.press('Enter');
  await expect.poll(() => address(page).word).toBe(word.trim());
}

/** A sideways swipe across `target` on phones: right to left (next) or left to right (previous). */
async function swipe(page: Page, target: Locator, direction: 'next' | 'previous'): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe on');
  const y = box.y + Math.min(20, box.height / 2);
  const [from, to] = direction === 'next' ? [340, 60] : [60, 340];
  await drag(page, { x: from, y }, { x: to, y }, 3);
}

async function dataIds(cards: Locator, attribute: string): Promise<number[]> {
  return cards.evaluateAll((all, name) => all.map((card) => Number(card.getAttribute(name))), attribute);
}

test.describe('search', () => {
  test('a reader searches 续航 from the header, reads highlighted posts, opens one as the modal and steps through', async ({
    page,
    isMobile,
  }, info) => {
    const author = await loginByApi();
    const token = uniqueToken();
    const posts = [
      await publishImagePost(author, 'exp', `冬季续航实测 ${token}：满电从520公里掉到380公里，空调开22度。`),
      await publishImagePost(author, 'exp', `高速怎么开最省电？${token} 120公里时速下，续航大概是标称的七成。`),
    ];

    // The header's entry takes the reader to /search with the cursor in the input.
    await page.goto('/');
    await page.getByTestId('header-search').click();
    await expect(page).toHaveURL(/\/search$/);
    const input = searchInput(page);
    await expect(input).toBeFocused();

    await searchFor(page, '续航');
    expect(address(page)).toEqual({ word: '续航', type: 'post' });
    await expect(page).toHaveTitle('搜索“续航” - 车友圈');
    await expect(page.getByTestId('search-tab-post')).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('search-posts').getByTestId('post-card');
    await expect(cards.first()).toBeVisible();
    // Every post found shows what matched, marked in the primary colour (not italic).
    const marks = await cards.evaluateAll((all) =>
      all.map((card) => Array.from(card.querySelectorAll('[data-testid="post-card-link"] em'), (em) => em.textContent)),
    );
    expect(marks.length).toBeGreaterThan(1);
    for (const found of marks) expect(found).toContain('续航');
    const mark = cards.first().locator('em').first();
    expect(await mark.evaluate((em) => getComputedStyle(em).fontStyle)).toBe('normal');
    expect(await mark.evaluate((em) => getComputedStyle(em).color)).not.toBe(
      await cards
        .first()
        .getByTestId('post-card-link')
        .locator('p')
        .evaluate((p) => getComputedStyle(p).color),
    );
    await shoot(page, info.project.name, 'search-posts');

    // A narrower word: exactly the two posts written for this test.
    await searchFor(page, ` 续航 ${token} `);
    await expect(cards).toHaveCount(2);
    const shown = await dataIds(cards, 'data-pid');
    expect(shown.toSorted()).toEqual(posts.toSorted());

    // A card opens the post modal over the results; next, previous, close.
    await cards.nth(0).getByTestId('post-card-link').click();
    const modal = page.getByTestId('post-modal');
    await expect(modal.getByTestId('post-view')).toHaveAttribute('data-pid', String(shown[0]));
    expect(modalParams(page, 'postId')).toEqual({ id: shown[0], index: 0 });
    expect(address(page)).toEqual({ word: `续航 ${token}`, type: 'post' });
    if (isMobile) await swipe(page, modal.getByTestId('post-body'), 'next');
    else await page.getByTestId('post-modal-next').click();
    await expect.poll(() => modalParams(page, 'postId')).toEqual({ id: shown[1], index: 1 });
    await expect(modal.getByTestId('post-view')).toHaveAttribute('data-pid', String(shown[1]));
    if (isMobile) await swipe(page, modal.getByTestId('post-body'), 'previous');
    else await page.keyboard.press('ArrowLeft');
    await expect.poll(() => modalParams(page, 'postId')).toEqual({ id: shown[0], index: 0 });
    if (isMobile) await modal.getByTestId('post-modal-close').click();
    else await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    expect(modalParams(page, 'postId')).toBeNull();
    expect(address(page)).toEqual({ word: `续航 ${token}`, type: 'post' });
    await expect(cards).toHaveCount(2);

    // Each search was a new entry: back goes to the last one, forward comes back.
    await page.goBack();
    await expect.poll(() => address(page).word).toBe('续航');
    await expect(input).toHaveValue('续航');
    await page.goForward();
    await expect.poll(() => address(page).word).toBe(`续航 ${token}`);
    await expect(input).toHaveValue(`续航 ${token}`);
    await expect(cards).toHaveCount(2);

    // A word nothing holds: said plainly, with the way on.
    await searchFor(page, `${token}x`);
    await expect(page.getByTestId('search-empty')).toContainText('无结果：换个词试试');
    // A blank word searches nothing.
    await input.fill('   ');
    await input.press('Enter');
    await expect(input).toHaveValue('   ');
    expect(address(page).word).toBe(`${token}x`);
  });

  test(
    '特斯拉 and tsl find people and products; the tab is in the address and survives a reload; a product opens as the modal',
    { tag: ONE_VIEWPORT },
    async ({ page, api, isMobile }, info) => {
      const fan = await teslaFan();
      const { items: found } = await api.call(productSearch, { word: '特斯拉', page: 1, size: 20 });
      const adapter = found.find((product) => product.title.includes('特斯拉转国标'));
      if (!adapter) throw new Error('the seed sells the 特斯拉 adapter');

      await page.goto(`/search?word=${encodeURIComponent('特斯拉')}`);
      await expect(page.getByTestId('search-tab-post')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('search-posts').getByTestId('post-card').first()).toBeVisible();

      // 用户: the person, nickname highlighted, car model and bio, a follow button.
      await page.getByTestId('search-tab-user').click();
      await expect.poll(() => address(page)).toEqual({ word: '特斯拉', type: 'user' });
      await expect(page.getByTestId('search-tab-user')).toHaveAttribute('aria-current', 'page');
      const row = page
        .getByTestId('search-users')
        .locator(`[data-testid="user-row"][data-uid="${fan.user.account.uid}"]`);
      await expect(row.getByTestId('user-row-name')).toHaveText(fan.nickname);
      await expect(row.getByTestId('user-row-name').locator('em')).toHaveText('特斯拉');
      await expect(row).toContainText('Model Y');
      await expect(row.getByTestId('user-row-bio')).toHaveText(fan.bio);
      await expect(row.getByTestId('follow-button')).toBeVisible();
      // The header's entry keeps the word and the tab; here it only puts the cursor in the input.
      await expect(page.getByTestId('header-search')).toHaveAttribute(
        'href',
        `/search?word=${encodeURIComponent('特斯拉')}&type=user`,
      );
      const reloads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('.data')) reloads.push(request.url());
      });
      await page.getByTestId('header-search').click();
      await expect(searchInput(page)).toBeFocused();
      expect(reloads, 'the results are not fetched again').toEqual([]);

      // A reload keeps word and tab (the server renders them).
      await page.reload();
      expect(address(page)).toEqual({ word: '特斯拉', type: 'user' });
      await expect(searchInput(page)).toHaveValue('特斯拉');
      await expect(page.getByTestId('search-tab-user')).toHaveAttribute('aria-current', 'page');
      await expect(row).toBeVisible();
      await shoot(page, info.project.name, 'search-users');

      // 商品: the shop's cards, the title highlighted.
      await page.getByTestId('search-tab-product').click();
      await expect.poll(() => address(page)).toEqual({ word: '特斯拉', type: 'product' });
      const products = page.getByTestId('product-grid').getByTestId('product-card');
      const adapterCard = products.and(page.locator(`[data-pid="${adapter.pid}"]`));
      await expect(adapterCard.locator('h3 em')).toHaveText('特斯拉');
      await expect(adapterCard.locator('h3')).toHaveText(adapter.title);
      await shoot(page, info.project.name, 'search-products');

      // A product opens as the modal; next, previous, a reload restores it, close clears it.
      const pids = await dataIds(products, 'data-pid');
      expect(pids.length).toBeGreaterThan(1);
      await products.nth(0).getByTestId('product-card-link').click();
      const modal = page.getByTestId('product-modal');
      await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(pids[0]));
      expect(modalParams(page, 'productId')).toEqual({ id: pids[0], index: 0 });
      expect(new URL(page.url()).pathname).toBe('/search');
      await shoot(page, info.project.name, 'search-product-modal');
      if (isMobile) await swipe(page, modal.getByTestId('product-title'), 'next');
      else await page.getByTestId('product-modal-next').click();
      await expect.poll(() => modalParams(page, 'productId')).toEqual({ id: pids[1], index: 1 });
      await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(pids[1]));
      if (isMobile) await swipe(page, modal.getByTestId('product-title'), 'previous');
      else await page.keyboard.press('ArrowLeft');
      await expect.poll(() => modalParams(page, 'productId')).toEqual({ id: pids[0], index: 0 });

      await page.reload();
      await expect(modal.getByTestId('product-view')).toHaveAttribute('data-pid', String(pids[0]));
      await expect(page.getByTestId('product-grid')).toBeAttached();
      if (isMobile) await modal.getByTestId('product-modal-close').click();
      else await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      expect(modalParams(page, 'productId')).toBeNull();
      expect(address(page)).toEqual({ word: '特斯拉', type: 'product' });

      // tsl, the initials of 特斯拉, finds the same product and the same person, 特斯拉 marked.
      await searchFor(page, 'tsl');
      expect(address(page).type).toBe('product');
      await expect(adapterCard.locator('h3 em')).toHaveText('特斯拉');
      await page.getByTestId('search-tab-user').click();
      await expect.poll(() => address(page)).toEqual({ word: 'tsl', type: 'user' });
      await expect(row.getByTestId('user-row-name').locator('em')).toHaveText('特斯拉');

      // A visitor's follow asks them to log in first.
      await row.getByTestId('follow-button').click();
      await expect(page.getByTestId('login-modal')).toBeVisible();
    },
  );

  test('suggestions as one types: people and products once typing pauses, history first; keys and taps pick them', async ({
    page,
    context,
    isMobile,
  }, info) => {
    await teslaFan();
    await loginInBrowser(context);
    const peopleAsked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/user/info/pager') peopleAsked.push(url.searchParams.get('word') ?? '');
    });

    await page.goto('/search');
    const input = searchInput(page);
    await input.click();
    await input.pressSequentially('特斯拉', { delay: 40 });
    const list = page.getByRole('listbox', { name: '搜索建议' });
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(list.getByTestId('suggestion-user').first()).toBeVisible();
    const product = list.getByTestId('suggestion-product').filter({ hasText: '特斯拉转国标' });
    await expect(product).toBeVisible();
    await expect(product.locator('em')).toHaveText('特斯拉');
    // One request for the text typed, none per keystroke.
    await page.waitForTimeout(400);
    expect(peopleAsked).toEqual(['特斯拉']);
    await shoot(page, info.project.name, 'search-suggestions');

    // ↑ and ↓ walk the options, wrapping round (the input names the active one); Enter opens it.
    const options = list.getByRole('option');
    const ids = await options.evaluateAll((all) => all.map((option) => option.id));
    const kinds = await options.evaluateAll((all) => all.map((option) => option.getAttribute('data-testid')));
    const activeOption = async () => list.locator(`[id="${await input.getAttribute('aria-activedescendant')}"]`);
    await input.press('ArrowUp');
    await expect(input).toHaveAttribute('aria-activedescendant', ids[ids.length - 1] ?? '');
    await input.press('ArrowDown');
    await expect(input).toHaveAttribute('aria-activedescendant', ids[0] ?? '');
    await expect(await activeOption()).toHaveAttribute('aria-selected', 'true');
    const productAt = kinds.indexOf('suggestion-product');
    expect(productAt).toBeGreaterThan(0);
    for (let i = 0; i < productAt; i++) await input.press('ArrowDown');
    const picked = await activeOption();
    await expect(picked).toHaveAttribute('data-testid', 'suggestion-product');
    await expect(picked).toHaveAttribute('aria-selected', 'true');
    const pid = await picked.getAttribute('data-pid');
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${pid}$`));
    await expect(page.getByTestId('product-view')).toHaveAttribute('data-pid', String(pid));

    // Enter with no option picked searches the text; a logged-in reader's word is recorded.
    await page.goto('/search');
    const recorded = page.waitForResponse((r) => r.url().includes('/api/v1/search/info/record'));
    await searchFor(page, '特斯拉');
    expect((await recorded).ok()).toBe(true);

    // Cleared on the result page, the input lists the recent words; typing narrows them, history first.
    await page.getByTestId('search-clear').click();
    await expect(input).toBeFocused();
    await expect(list.getByTestId('suggestion-history').first()).toHaveText(/特斯拉/);
    await input.fill('特');
    await expect(list.getByRole('option').first()).toHaveAttribute('data-testid', 'suggestion-history');
    await expect(list.getByRole('option').first()).toContainText('特斯拉');

    // Esc closes the list, a second Esc empties the input.
    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toHaveCount(0);
    await input.press('Escape');
    await expect(input).toHaveValue('');

    // A tap (a click on desktop) on a word searches it.
    await page.goto('/search');
    await input.fill('特斯');
    const word = list.getByTestId('suggestion-history').first();
    if (isMobile) await word.tap();
    else await word.click();
    await expect.poll(() => address(page).word).toBe('特斯拉');
    await expect(input).toHaveValue('特斯拉');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  test('热门搜索 lists what the community searched this week, best first; a hot word searches it', {
    tag: ONE_VIEWPORT,
  }, async ({ page, api }) => {
    // The seed records a week of members' searches; the server counts them at start-up.
    const hot = await api.call(searchHot);
    expect(hot.length).toBeGreaterThan(1);
    await page.goto('/search');
    const words = page.getByTestId('search-hot').getByTestId('search-hot-word');
    await expect(words).toHaveCount(hot.length);
    await expect(words).toHaveText(hot.map((entry) => new RegExp(escapeRegExp(entry.word))));
    const top = hot[0]!.word;
    await words.first().click();
    await expect.poll(() => address(page)).toEqual({ word: top, type: 'post' });
    await expect(page.getByTestId('search-posts').getByTestId('post-card').first()).toBeVisible();
  });

  test(
    'a logged-in reader sees their history, deletes a word and clears it all; a visitor has none',
    { tag: ONE_VIEWPORT },
    async ({ page, context, browser, baseURL }, info) => {
      await loginInBrowser(context);
      await page.goto('/search');
      await expect(page.getByTestId('search-recommend').getByTestId('post-card').first()).toBeVisible();
      await expect(page.getByTestId('search-history')).toHaveCount(0);

      for (const word of ['续航', '特斯拉']) {
        const recorded = page.waitForResponse((r) => r.url().includes('/api/v1/search/info/record'));
        await searchFor(page, word);
        expect((await recorded).ok()).toBe(true);
        // As a person does, the next word is typed once the results are there: typed while
        // the results page is still on its way, the input would show the word searched.
        await expect(page.getByTestId('search-posts').or(page.getByTestId('search-empty')).first()).toBeVisible();
      }
      await page.goto('/search');
      const words = page.getByTestId('search-history').getByTestId('search-history-word');
      // Newest first.
      await expect(words).toHaveText(['特斯拉', '续航']);
      await shoot(page, info.project.name, 'search-start', { fullPage: false });

      // A word of the history searches it.
      await words.filter({ hasText: '续航' }).getByRole('link').click();
      await expect.poll(() => address(page)).toEqual({ word: '续航', type: 'post' });
      await page.goBack();
      await expect(words).toHaveCount(2);

      // × deletes one word, for good.
      await words.filter({ hasText: '续航' }).getByRole('button', { name: '删除搜索记录“续航”' }).click();
      await expect(words).toHaveText(['特斯拉']);
      await page.reload();
      await expect(words).toHaveText(['特斯拉']);

      // 清空 asks first; cancelling keeps everything, confirming clears it for good.
      await page.getByTestId('search-history-clear').click();
      const sheet = page.getByTestId('search-history-clear-sheet');
      await expect(sheet).toBeVisible();
      await sheet.getByRole('button', { name: '取消' }).click();
      await expect(sheet).not.toBeVisible();
      await expect(words).toHaveCount(1);
      await page.getByTestId('search-history-clear').click();
      await sheet.getByTestId('search-history-clear-sheet-confirm').click();
      await expect(page.getByTestId('search-history')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('search-history')).toHaveCount(0);

      // A visitor searches without a history: nothing is recorded, nothing is listed.
      const visitorContext = await browser.newContext({
        baseURL,
        userAgent: await page.evaluate(() => navigator.userAgent),
      });
      const visitor = await visitorContext.newPage();
      const records: string[] = [];
      visitor.on('request', (request) => {
        if (request.url().includes('/api/v1/search/info/record')) records.push(request.url());
      });
      await visitor.goto('/search');
      await waitForApp(visitor);
      await searchFor(visitor, '续航');
      await expect(visitor.getByTestId('search-posts').getByTestId('post-card').first()).toBeVisible();
      await visitor.goto('/search');
      await waitForApp(visitor);
      await expect(visitor.getByTestId('search-recommend').getByTestId('post-card').first()).toBeVisible();
      await expect(visitor.getByTestId('search-history')).toHaveCount(0);
      expect(records).toEqual([]);
      await visitorContext.close();
    },
  );

  test.describe('when a page of 猜你喜欢 fails', () => {
    // The failed page's request is refused below: the browser reports it in the console.
    test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

    test('the list says so and a retry loads it', { tag: ONE_VIEWPORT }, async ({ page }) => {
      const secondPage = /\/api\/v1\/search\/info\/recommend\?(.*&)?idx=2(&|$)/;
      await page.route(secondPage, (route) => route.abort());
      await page.goto('/search');
      const cards = page.getByTestId('search-recommend').getByTestId('post-card');
      await expect(cards.first()).toBeVisible();
      const firstPage = await cards.count();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const retry = page.getByTestId('list-retry');
      await expect(retry).toBeVisible();
      await page.unroute(secondPage);
      await retry.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(firstPage);
    });
  });

  test('result pages are rendered on the server, titled and not indexed', { tag: VIEWPORT_FREE }, async ({
    request,
    api,
  }) => {
    const html = await (await request.get(`/search?word=${encodeURIComponent('续航')}&type=post`)).text();
    expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')).toBe('搜索“续航” - 车友圈');
    expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    expect(html).toContain('data-testid="search-posts"');
    expect(html).toContain('<em>续航</em>');
    // The input holds the word, the tab is marked.
    expect(html.match(/<input[^>]*data-testid="search-input"[^>]*>/)?.[0]).toContain('value="续航"');
    expect(html.match(/<a[^>]*data-testid="search-tab-post"[^>]*>/)?.[0]).toContain('aria-current="page"');

    const { items } = await api.call(productSearch, { word: '特斯拉', page: 1, size: 5 });
    const product = items[0];
    if (!product) throw new Error('the seed sells 特斯拉 things');
    const withModal = await (
      await request.get(
        `/search?word=${encodeURIComponent('特斯拉')}&type=product&modal=true&productId=${product.pid}&index=0`,
      )
    ).text();
    expect(withModal).toContain('data-testid="product-grid"');
    expect(withModal).toContain('data-testid="product-modal"');

    const start = await (await request.get('/search')).text();
    expect(decode(start.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')).toBe('搜索 - 车友圈');
    expect(metaContent(start, 'name', 'robots')).toBeNull();
    expect(start).toContain('data-testid="search-recommend"');
  });

  test('the search page and its suggestions are not part of the first load of /', {
    tag: VIEWPORT_FREE,
  }, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(loaded('search'), 'the search page is not in the first load of /').toBe(false);
    expect(loaded('suggestion-list'), 'the suggestions are not in the first load of /').toBe(false);

    await page.getByTestId('header-search').click();
    await expect(searchInput(page)).toBeFocused();
    expect(loaded('search')).toBe(true);
    expect(loaded('suggestion-list'), 'the suggestions load when first shown').toBe(false);
    await searchInput(page).fill('续航');
    await expect(page.getByRole('listbox', { name: '搜索建议' })).toBeVisible();
    expect(loaded('suggestion-list')).toBe(true);
  });
});
