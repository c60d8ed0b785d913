import { reportLocation } from '@evcircle/contract';
import type { Page, TestInfo } from '@playwright/test';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { loginByApi, loginInBrowser } from './support/login.ts';
import { openAs } from './support/other-person.ts';
import { shoot as shootScreen } from './support/screenshots.ts';

/** 人民广场, Shanghai. */
const HERE = { latitude: 31.230416, longitude: 121.473701 };
/** About 300 m north of HERE: a neighbour. */
const NEIGHBOUR = { latitude: 31.233116, longitude: 121.473701 };

/** The colours move over in a transition: screenshots wait for it to settle. */
const shoot = (page: Page, testInfo: TestInfo, name: string) =>
  shootScreen(page, testInfo.project.name, name, { settleMs: 1200 });

const dotOf = (page: Page, key: string) => page.locator(`[data-testid="radar-dot"][data-key="${key}"]`);

test.describe('nearby', () => {
  test('a driver opens the radar, finds a neighbour there and in the lists, and can hide', async ({
    page,
    context,
  }, testInfo) => {
    await loginInBrowser(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    // A neighbour about 300 m away, whose phone reported its position.
    const neighbour = await loginByApi();
    await neighbour.api.call(reportLocation, NEIGHBOUR);

    await page.goto('/radar');
    // Location already allowed: the radar locates at once, and the place reads as its district.
    const dot = dotOf(page, `p${neighbour.account.uid}`);
    await expect(dot).toBeVisible();
    await expect(dot).toHaveAttribute(
      'aria-label',
      new RegExp(`^${neighbour.account.nickname}，\\d+(米|\\.\\d公里|公里)内$`),
    );
    await expect(page.getByTestId('place-label')).toHaveText('上海市黄浦区');
    await expect(page.getByTestId('visibility-switch')).toHaveAttribute('aria-checked', 'false');
    const row = page.locator(`[data-testid="nearby-person"][data-uid="${neighbour.account.uid}"]`);
    await expect(row.getByTestId('nearby-person-distance')).toHaveText(/^\d+(米|\.\d公里|公里)内$/);
    await shoot(page, testInfo, 'radar');

    // 隐身: the switch holds across pages (the server's state).
    await page.getByTestId('visibility-switch').click();
    await expect(page.getByTestId('visibility-switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('visibility-hint')).toHaveText('已隐身：附近的人看不到你');

    // The lists: the same neighbour, the counts around, the teams and posts tabs.
    await page.getByRole('link', { name: '列表' }).click();
    await expect(page).toHaveURL(/\/nearby$/);
    await expect(page.locator(`[data-testid="nearby-person"][data-uid="${neighbour.account.uid}"]`)).toBeVisible();
    await expect(page.getByTestId('visibility-switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('nearby-stats')).toContainText('位车友');
    await shoot(page, testInfo, 'nearby-people');
    await page.getByTestId('nearby-tab-posts').click();
    await expect(page).toHaveURL(/\?tab=posts$/);
    await expect(page.getByTestId('geo-posts').or(page.getByTestId('geo-posts-empty'))).toBeVisible();
    await page.getByTestId('visibility-switch').click();
    await expect(page.getByTestId('visibility-switch')).toHaveAttribute('aria-checked', 'false');

    // Tapping the neighbour opens their profile.
    await page.getByTestId('nearby-tab-people').click();
    await page.locator(`[data-testid="nearby-person"][data-uid="${neighbour.account.uid}"]`).click();
    await expect(page).toHaveURL(`/user/${neighbour.account.uid}`);
  });

  test(
    'a driver who shares no position is told why it is asked, then picks a city instead',
    { tag: ONE_VIEWPORT },
    async ({ page, context }, testInfo) => {
      await loginInBrowser(context);
      // No permission granted: the browser refuses, as a driver's "don't allow" does.
      await page.goto('/nearby');
      const gate = page.getByTestId('location-gate');
      await expect(gate).toContainText('找到附近的车友和车队');
      await expect(gate).toContainText('你的精确位置不会展示给任何人');
      await shoot(page, testInfo, 'nearby-ask');
      await page.getByTestId('use-location').click();
      await expect(gate).toHaveAttribute('data-state', 'denied');
      await expect(gate).toContainText('没有定位权限');

      await page.getByTestId('choose-city').click();
      await page.getByTestId('city-search').fill('杭');
      await expect(page.getByTestId('city-choice')).toHaveText(['杭州']);
      await page.getByTestId('city-choice').click();
      await expect(page.getByTestId('place-label')).toHaveText('杭州（城市中心）');
      await expect(page.getByTestId('nearby-people').or(page.getByTestId('nearby-people-empty'))).toBeVisible();

      // The choice is remembered: the radar measures from it too.
      await page.goto('/radar');
      await expect(page.getByTestId('place-label')).toHaveText('杭州（城市中心）');
      await expect(page.getByTestId('radar')).toBeVisible();
    },
  );

  test('a driver starts a team; a neighbour finds it on the radar, joins, and they talk in the team chat', async ({
    page,
    context,
    browser,
  }, testInfo) => {
    await loginInBrowser(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    const title = `周六去滴水湖 ${Date.now() % 100000}`;

    await page.goto('/nearby');
    await page.getByTestId('create-team-link').click();
    await expect(page).toHaveURL('/test-team-creation');
    await page.getByTestId('team-title-input').fill(title);
    await page.getByTestId('team-description-input').fill('早上八点人民广场集合，一路充电一路聊');
    await page.getByTestId('team-duration').getByRole('button', { name: '4小时' }).click();
    await shoot(page, testInfo, 'team-create');
    await page.getByTestId('create-team-submit').click();
    await expect(page).toHaveURL(/\/team\/\d+$/);
    const teamId = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('team-page-title')).toHaveText(title);
    await expect(page.getByTestId('team-status')).toHaveText('进行中');
    await expect(page.getByTestId('team-countdown')).toHaveText(/^还剩 (3小时\d+分钟|4小时)$/);
    await expect(page.getByTestId('team-member')).toHaveCount(1);
    await expect(page.getByTestId('team-chat')).toBeVisible();

    // The neighbour sees the team on their radar and opens it.
    const neighbour = await loginByApi();
    const other = await openAs(browser, testInfo, neighbour, { geolocation: NEIGHBOUR });
    await other.goto('/radar');
    await dotOf(other.page, `t${teamId}`).click();
    await expect(other.page).toHaveURL(`/team/${teamId}`);
    await expect(other.page.getByTestId('team-chat')).toHaveCount(0);
    await other.page.getByTestId('team-join').click();
    await expect(other.page.getByTestId('team-chat')).toBeVisible();

    // The creator's page follows: two members now.
    await expect(page.locator(`[data-testid="team-member"][data-uid="${neighbour.account.uid}"]`)).toBeVisible();

    // They talk: each sees the other's message arrive live.
    await other.page.getByTestId('chat-input').fill('我在路上了，十分钟到');
    await other.page.getByTestId('chat-send').click();
    const received = page.getByTestId('team-chat-message').filter({ hasText: '我在路上了，十分钟到' });
    await expect(received).toHaveAttribute('data-own', 'false');
    await expect(received).toContainText(neighbour.account.nickname);
    await page.getByTestId('chat-input').fill('好，我在一号出口等你');
    await page.getByTestId('chat-send').click();
    await expect(other.page.getByTestId('team-chat-message').filter({ hasText: '一号出口' })).toHaveAttribute(
      'data-own',
      'false',
    );

    // 在路上: the neighbour's answer shows in the creator's member list.
    await other.page.getByTestId('team-on-way').click();
    await expect(page.locator(`[data-testid="team-member"][data-uid="${neighbour.account.uid}"]`)).toHaveAttribute(
      'data-response',
      'on_way',
    );
    await shoot(page, testInfo, 'team');
    await other.close();
  });
});
