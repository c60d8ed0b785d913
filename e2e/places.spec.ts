import { nearbyPlaces, STATUS } from '@evcircle/contract';
import type { Page } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { loginInBrowser } from './support/login.ts';

/** 人民广场, Shanghai: the seeded directory has places all around it. */
const HERE = { latitude: 31.230416, longitude: 121.473701 };

const placeField = (page: Page) => page.getByLabel('地点', { exact: true });
const list = (page: Page) => page.getByTestId('nearby-places');
const items = (page: Page) => page.getByTestId('nearby-place');

test.describe('places', () => {
  test('a writer who uses their location picks a nearby place, narrowed by what they type', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context, api }) => {
    await loginInBrowser(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    await page.goto('/publish');

    // Nothing is offered before the writer asks for their location.
    await expect(page.getByTestId('composer')).toBeVisible();
    await expect(list(page)).toHaveCount(0);

    await page.getByRole('button', { name: '使用当前位置' }).click();
    await expect(page.getByTestId('coordinates')).toBeVisible();
    await expect(list(page)).toContainText('附近的充电站和门店');
    // The five nearest places, nearest first, as the API answers them.
    const nearest = await api.call(nearbyPlaces, {
      latitude: String(HERE.latitude),
      longitude: String(HERE.longitude),
      word: '',
      size: '5',
      idx: '1',
    });
    expect(nearest.pois).toHaveLength(5);
    await expect(items(page)).toHaveCount(5);
    for (const [i, poi] of nearest.pois.entries()) await expect(items(page).nth(i)).toContainText(poi.name);
    // Nothing is filled in until one is picked.
    await expect(placeField(page)).toHaveValue('');

    // Typing narrows the list: by characters, and by pinyin initials.
    await placeField(page).fill('洗车');
    await expect(list(page)).toContainText('附近匹配「洗车」的充电站和门店');
    await expect(items(page).first()).toContainText('洗车');
    for (const item of await items(page).all()) await expect(item).toContainText('洗车店');
    await placeField(page).fill('tsl');
    await expect(list(page)).toContainText('附近匹配「tsl」的充电站和门店');
    await expect(items(page).first()).toContainText('特斯拉');

    // Picking one fills the place, as the field writes places (城市·名称), and the list steps aside.
    const name = (await items(page).first().getByTestId('nearby-place-name').textContent()) ?? '';
    expect(name).toContain('特斯拉');
    await items(page).first().click();
    await expect(placeField(page)).toHaveValue(`上海·${name}`);
    await expect(list(page)).toHaveCount(0);

    // Changing the text brings the list back; typing a place of one's own is still fine.
    await placeField(page).fill('');
    await expect(items(page)).toHaveCount(5);
    await placeField(page).fill('上海·滴水湖');
    await expect(list(page)).toHaveCount(0);
    await expect(placeField(page)).toHaveValue('上海·滴水湖');

    // Removing the coordinates removes the offer.
    await placeField(page).fill('');
    await expect(items(page)).toHaveCount(5);
    await page.getByRole('button', { name: '移除坐标' }).click();
    await expect(list(page)).toHaveCount(0);
  });

  test('when the nearby places cannot be had, the writer is told and can ask again', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    await loginInBrowser(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    let refused = 0;
    await page.route('**/pub/nearbyAds?**', async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status: STATUS.UNAVAILABLE, data: null, message: '附近地点暂时无法获取，请稍后再试' }),
      });
    });
    await page.goto('/publish');
    await page.getByRole('button', { name: '使用当前位置' }).click();
    await expect(page.getByTestId('nearby-places-failed')).toContainText('附近的门店加载失败');
    await page.getByRole('button', { name: '重新加载' }).click();
    await expect(items(page)).toHaveCount(5);
    expect(refused).toBe(1);
  });
});
