import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Settings shared by playwright.config.ts (which hands them to the server) and the specs. */

/** The port the e2e server listens on (3104–3106 are free for manual runs on dev machines). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3105);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The e2e server's DATA_DIR, emptied by serve.mjs at every start. Specs read the SMS
 * outbox (outbox/sms.jsonl) there to log in. One per port, so runs on other ports never share it.
 */
export const E2E_DATA_DIR = join(tmpdir(), `evcircle-e2e-${E2E_PORT}`);

/** The sign secret the e2e server is started with, so specs can call the API as the web client does. */
export const E2E_SIGN_SECRET = 'e2e-sign-secret';

/** The demo community the e2e server is seeded with (deterministic: same seed, same posts). */
export const E2E_SEED = { seed: 7, users: 20, posts: 60 } as const;

/** A phone as the server's layout choice sees it (Chromium engine, so an Android Chrome UA). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/**
 * Moderators of the e2e community (role 'admin', granted by scripts/grant-admin.ts when
 * serve.mjs starts the server), one per Playwright project so their SMS logins never hit
 * the one-code-a-minute limit of a number.
 */
export const E2E_ADMIN_MOBILES = {
  desktop: '19900000001',
  mobile: '19900000002',
  // The shop's journeys (e2e/cart.spec.ts, e2e/shop-admin.spec.ts): one number per spec and project.
  cartDesktop: '19900000003',
  cartMobile: '19900000004',
  shopAdminDesktop: '19900000005',
  shopAdminMobile: '19900000006',
  // The orders' journeys (e2e/orders.spec.ts): one number per journey and project.
  ordersDesktop: '19900000007',
  ordersMobile: '19900000008',
  ordersShip: '19900000009',
  ordersCancel: '19900000010',
  // The bookmarks' admin journey (e2e/bookmarks.spec.ts): one number per project.
  bookmarksAdminDesktop: '19900000011',
  bookmarksAdminMobile: '19900000012',
  // The category icons' journey (e2e/icons.spec.ts): one number per project.
  iconsDesktop: '19900000031',
  iconsMobile: '19900000032',
} as const;

/**
 * A desktop browser as the server sees it. Headless Chromium's own agent says
 * "HeadlessChrome", which isbot (rightly) takes for a crawler, and crawlers never get the
 * post modal (SPEC.md §2); the desktop project browses as a person does.
 */
export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
