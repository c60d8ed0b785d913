import { lazyComponent } from './lazy-component.ts';

/**
 * RelativeTime (relative-time.tsx), whose formatting (Beijing calendar days, the words)
 * loads beside the page: the server's HTML already says the time.
 */
export const RelativeTime = lazyComponent(
  () => import('./relative-time.tsx').then((module) => module.RelativeTime),
  ({ iso }) => <time dateTime={iso} title={iso} />,
);
