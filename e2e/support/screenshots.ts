import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Screenshots in light and dark when SHOTS_DIR is set (for looking at the screens, not
 * checked): `<project>-<name>-<scheme>.png`. `settleMs` waits after each change of scheme,
 * for screens whose colours move over in a transition.
 */
export async function shoot(
  page: Page,
  project: string,
  name: string,
  options: { fullPage?: boolean; settleMs?: number } = {},
) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (options.settleMs) await page.waitForTimeout(options.settleMs);
    await page.screenshot({ path: `${dir}/${project}-${name}-${scheme}.png`, fullPage: options.fullPage ?? false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
