import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The points ledger (its paged list and times), below the settings page's first screen:
 * its code loads beside the page, while the server's HTML already shows the first lines.
 */
export const PointsLedger = lazyComponent(() => import('./points-ledger.tsx').then((module) => module.PointsLedger));
