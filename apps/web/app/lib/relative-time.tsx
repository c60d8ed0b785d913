import { formatRelativeTime } from './china-time.ts';

/** When something was written, as Chinese apps say it (刚刚, 3小时前, 昨天 21:04…), with the exact time as its title. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    // The browser's clock may have moved past a minute since the server rendered it.
    <time dateTime={iso} title={iso} suppressHydrationWarning>
      {formatRelativeTime(iso)}
    </time>
  );
}
