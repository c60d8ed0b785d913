import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Waits until React has hydrated the page: the colour-mode toggle says its preference only
 * then. A click before it does nothing (a page with first-screen covers fetches its
 * JavaScript once they have arrived, docs/decisions/0011).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByTestId('color-mode-toggle').first()).toHaveAttribute('data-preference', /system|light|dark/);
}
