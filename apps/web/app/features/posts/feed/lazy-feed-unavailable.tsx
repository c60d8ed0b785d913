import { lazyComponent } from '~/lib/lazy-component.ts';

/** A feed that could not be fetched (feed-unavailable.tsx) is rare: its code loads on such a page only. */
export const FeedUnavailable = lazyComponent(() =>
  import('./feed-unavailable.tsx').then((module) => module.FeedUnavailable),
);
