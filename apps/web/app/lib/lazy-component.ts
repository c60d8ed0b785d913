import { type ComponentType, createElement, lazy, memo, type ReactNode, Suspense, useState } from 'react';

/**
 * A component whose code loads apart from the page, inside its own Suspense boundary
 * showing `fallback` (given the same props; nothing by default) until the code is there.
 * In the browser it is React.lazy: not in the first load, fetched when first rendered;
 * server-rendered HTML stays in place while it comes. On the server the module is
 * imported at start-up and rendered directly, so a page never streams a fallback where
 * its content belongs (React.lazy would suspend the first render of each after a start).
 * NOTE: until its code is there, server-rendered HTML is kept only while nothing renders
 * the boundary again: an update to it before then makes React drop that HTML for the
 * fallback. So it renders again only when its props change (memo): give it props that
 * stay the same across a parent's renders (no new objects or functions per render)
 * where it wraps content of the first screen.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  let loaded: ComponentType<P> | null = null;
  if (import.meta.env.SSR) {
    load().then(
      (component) => {
        loaded = component;
      },
      () => {
        // Rendering retries through React.lazy, which reports the failure.
      },
    );
  }
  return memo(function LazyComponent(props: P) {
    return createElement(Suspense, { fallback: fallback(props) }, createElement(loaded ?? Lazy, props));
  });
}

/**
 * A dialog or sheet whose code loads when it is first opened (`isOpen` of its props): until
 * then nothing is drawn, not even the closed dialog, and nothing is fetched. From then on
 * it stays mounted, so closing it animates like any sheet and opening it again is instant.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazyComponent(load);
  return function LazyDialog(props: P) {
    const [hasOpened, setHasOpened] = useState(false);
    const open = isOpen(props);
    if (open && !hasOpened) setHasOpened(true);
    return open || hasOpened ? createElement(Loaded, props) : null;
  };
}
