import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from 'react';

/**
 * A component whose code loads apart from the page, inside its own Suspense boundary
 * showing `fallback` (given the same props; nothing by default) until the code is there.
 * In the browser it is React.lazy: not in the first load, fetched when first rendered;
 * server-rendered HTML stays in place while it comes. On the server the module is
 * imported at start-up and rendered directly, so a page never streams a fallback where
 * its content belongs (React.lazy would suspend the first render of each after a start).
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
  return function LazyComponent(props: P) {
    return createElement(Suspense, { fallback: fallback(props) }, createElement(loaded ?? Lazy, props));
  };
}
