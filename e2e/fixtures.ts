import { type ApiClient, createApiClient, type FetchLike } from '@evcircle/contract';
import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { E2E_SIGN_SECRET } from './support/constants.ts';
import { waitForApp } from './support/hydration.ts';
import { type LoggedInUser, loginByApi, testAddress, useSession } from './support/login.ts';

type Fixtures = {
  /**
   * Console errors a test expects, matched against `<text> @ <url of the source>` (e.g. the
   * browser's own line about a 404 document). Anything else logged with console.error, and
   * every uncaught page error, fails the test.
   */
  allowedConsoleErrors: RegExp[];
  /** The contract's signed API client, reaching the e2e server as the web client does. */
  api: ApiClient;
  /**
   * A logged-in person for journeys that need *someone* logged in and leave nothing
   * another journey could trip on (no follows, drafts, logouts, profile edits; those log
   * in a fresh user with loginInBrowser). Asking for it puts the worker's session
   * (its login state) into this test's browser context: one SMS login per worker, not per test.
   */
  reader: LoggedInUser;
};

type WorkerFixtures = {
  /** One account per worker, logged in once; `reader` puts its session into each test's browser. */
  workerReader: LoggedInUser;
};

/** Adapts Playwright's request context to the fetch signature the contract client takes. */
function requestFetch(request: APIRequestContext): FetchLike {
  return async (input, init) => {
    const res = await request.fetch(input, {
      method: init.method,
      headers: init.headers as Record<string, string>,
      data: typeof init.body === 'string' ? init.body : undefined,
      maxRedirects: 0,
    });
    return new Response(new Uint8Array(await res.body()), { status: res.status(), headers: res.headers() });
  };
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  // Each test is its own person at its own address: per-address limits (a desktop login
  // dialog mints a QR code, 20 per 10 minutes an address) hold per test, not per run.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': testAddress() }),

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  workerReader: [async ({}, use) => use(await loginByApi()), { scope: 'worker' }],

  reader: async ({ context, workerReader }, use) => {
    await useSession(context, workerReader.token);
    await use(workerReader);
  },

  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const { url, lineNumber } = message.location();
      if (allowedConsoleErrors.some((pattern) => pattern.test(`${text} @ ${url}`))) return;
      problems.push(`console.error: ${text}${url ? ` (at ${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => {
      problems.push(`uncaught page error: ${error.stack ?? error.message}`);
    });
    // A journey's first tap waits for the app, as a reader's would: a tap before hydration
    // does nothing, and a page with first-screen covers fetches its app only once they
    // have arrived (docs/decisions/0011).
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
    expect(problems, 'the page logged errors while the test ran').toEqual([]);
  },

  api: async ({ request, baseURL }, use) => {
    await use(createApiClient({ baseUrl: baseURL ?? '', signSecret: E2E_SIGN_SECRET, fetch: requestFetch(request) }));
  },
});

export { expect };

/**
 * The tag of a test the project's viewport changes nothing for: it only makes HTTP
 * requests, or opens a browser context of its own. playwright.config.ts runs it in the
 * desktop project alone.
 */
export const VIEWPORT_FREE = '@viewport-free';

/**
 * The tag of a journey that repeats, on a screen another journey already covers on both
 * viewports, logic the screen runs identically on both layouts (a refusal, a validation
 * or failure path, a 404, a redirect, a variation of a covered flow, a behaviour the API
 * confirms) with the same markup. playwright.config.ts runs it in the desktop project
 * alone (docs/decisions/0009, "When a budget is exceeded", step 2). A journey whose
 * layout differs (navigation, bottom bars, header menus, modals) stays on both.
 */
export const ONE_VIEWPORT = '@one-viewport';

/**
 * The tag of a journey only a phone takes: a touch gesture, the phone's own controls, or
 * a variation on a screen drawn in the phone layout on every device (/invite, /m/scan).
 * playwright.config.ts runs it in the mobile project alone.
 */
export const PHONE_ONLY = '@phone-only';
