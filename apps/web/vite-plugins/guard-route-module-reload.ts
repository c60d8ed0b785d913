import type { Plugin } from 'vite';
import { ROUTE_MODULE_RELOAD_HOOK } from '../app/features/platform/route-module-reload-hook.ts';

/**
 * React Router 7 loads a route module with `import()` the first time a client navigation
 * needs it. When that fails (an old deployment's chunk is gone, a flaky network) its
 * `loadRouteModule` (lib/dom/ssr/routeModules.ts) logs, calls `window.location.reload()`
 * and waits forever, with no limit. It offers no option or hook for this, and the call
 * cannot be intercepted at run time (`location.reload` is unforgeable), so this plugin
 * patches that one call in the client bundle:
 *
 *   { const standIn = window[HOOK]?.(error); if (standIn) return standIn; }
 *   window.location.reload();
 *
 * The hook is the guard of SPEC.md §4 (features/platform/chunk-reload.ts). It returns
 * nothing when the reload may happen (once per path per 10 s), and React Router reloads
 * as before. Otherwise it returns a stand-in route module whose component throws the load
 * error, so the error page of the nearest ErrorBoundary shows instead of another reload.
 * (Throwing from the loader would not do: for a route without a loader React Router
 * swallows the error and renders nothing.) Without the hook, nothing changes.
 *
 * NOTE: React Router is matched by the exact code around the call. When an upgrade
 * changes that code the build fails here, so the guard cannot silently disappear. In
 * `vite dev` the pre-bundled copy of React Router is not patched (dev never loses chunks).
 */
export function guardRouteModuleReload(): Plugin {
  let patched = false;
  return {
    name: 'evcircle:guard-route-module-reload',
    apply: 'build',
    buildStart() {
      patched = false;
    },
    transform(code, id, options) {
      if (options?.ssr || !/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      if (!code.includes('Error loading route module')) return null;
      const loader =
        /(catch \((\w+)\) \{\s*console\.error\(\s*`Error loading route module[\s\S]{0,600}?)(window\.location\.reload\(\);)/;
      const match = loader.exec(code);
      if (!match) {
        this.error(
          `React Router's route-module reload in ${id} no longer looks as expected: update ${import.meta.url}`,
        );
      }
      patched = true;
      const [whole, before, errorName, reload] = match;
      const hook = `window.${ROUTE_MODULE_RELOAD_HOOK}`;
      const guarded = `${before}{ const standIn = ${hook}?.(${errorName}); if (standIn) return standIn; }\n    ${reload}`;
      return { code: code.slice(0, match.index) + guarded + code.slice(match.index + whole.length), map: null };
    },
    buildEnd(error) {
      if (!error && !patched && this.environment?.config.consumer === 'client') {
        this.error("React Router's route-module loader was not found in the client build: the reload guard is missing");
      }
    },
  };
}
