import { lazyComponent } from '~/lib/lazy-component.ts';

// 消息 and 通知 with their live badges (inbox-links.tsx) are a logged-in viewer's alone:
// their code is not in the first load of every page. The server renders them in place and
// the browser keeps that HTML while the code comes; should the page change before it has
// come, the same room stays empty meanwhile (no shift).

export const LazyInboxLinks = lazyComponent(
  () => import('./inbox-links.tsx').then((module) => module.InboxLinks),
  () => (
    <>
      <span className="size-9 shrink-0" />
      <span className="size-9 shrink-0" />
    </>
  ),
);

export const LazyInboxTabs = lazyComponent(
  () => import('./inbox-links.tsx').then((module) => module.InboxTabs),
  () => (
    <>
      <li className="flex-1" />
      <li className="flex-1" />
    </>
  ),
);
