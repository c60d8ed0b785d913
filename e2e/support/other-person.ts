import { type Browser, expect, type TestInfo } from '@playwright/test';
import { waitForApp } from './hydration.ts';
import { type LoggedInUser, testAddress, useSession } from './login.ts';

/**
 * The other person of a journey: a browser context of their own, made like the project's
 * (same viewport, phone or desktop), logged in as `user`, whose browser reports
 * `geolocation` when given. Its page waits for the app after each load and collects
 * console errors as the fixtures' page does; `close` fails the test on any.
 */
export async function openAs(
  browser: Browser,
  testInfo: TestInfo,
  user: LoggedInUser,
  options: { geolocation?: { latitude: number; longitude: number } } = {},
) {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL, locale, timezoneId } =
    testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    baseURL,
    locale,
    timezoneId,
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': testAddress() },
  });
  await useSession(context, user.token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught page error: ${error.message}`));
  const goto = async (url: string) => {
    await page.goto(url);
    await waitForApp(page);
  };
  const close = async () => {
    await context.close();
    expect(problems, `the other person's page logged errors`).toEqual([]);
  };
  return { page, goto, close };
}
