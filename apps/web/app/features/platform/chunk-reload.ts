import { CHUNK_RELOAD_GUARD_MS } from '@evcircle/contract/client';
import { ROUTE_MODULE_RELOAD_HOOK } from './route-module-reload-hook.ts';

/** What React Router renders for a route whose module could not be loaded. */
type RouteModuleStandIn = { default: () => never };

declare global {
  interface Window {
    /**
     * Asked by React Router's patched route-module loader before it reloads the page:
     * nothing lets the reload happen, a stand-in module is rendered instead of reloading.
     */
    [ROUTE_MODULE_RELOAD_HOOK]?: (error: unknown) => RouteModuleStandIn | undefined;
  }
}

const GUARD_KEY_PREFIX = 'evcircle.chunkReload:';

/** Messages browsers give when a code chunk cannot be fetched (old deployment, flaky network). */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/**
 * SPEC.md §4: a failed chunk load reloads the page, at most once per 10 s per path (the
 * guard lives in sessionStorage, so it survives the reload). Claims this path's reload and
 * returns true, or returns false when the path was reloaded for a chunk within 10 s.
 */
function claimChunkReload(): boolean {
  const key = GUARD_KEY_PREFIX + location.pathname;
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // Without sessionStorage there is no guard, and a reload loop is worse than a stale page.
    return false;
  }
  return true;
}

/**
 * Reloads the page for a failed chunk unless the guard refuses. The reload keeps the URL
 * and history state; React Router restores the scroll position. Returns whether it reloaded.
 */
export function reloadOnceForChunkError(): boolean {
  if (!claimChunkReload()) return false;
  location.reload();
  return true;
}

/**
 * Puts every chunk failure under the guard: our own dynamic imports (Vite preload failures
 * and rejected `import()`s) and React Router's route modules. A route module that fails to
 * load during a client navigation makes React Router reload the page itself; our build
 * patches that call to ask the hook below first (vite-plugins/guard-route-module-reload.ts),
 * and when the guard refuses, the route's ErrorBoundary shows instead. Call once, before
 * hydrating.
 */
export function installChunkReloadGuard(): void {
  window[ROUTE_MODULE_RELOAD_HOOK] = (error) => {
    if (claimChunkReload()) return undefined;
    // Rendering throws the load error, so the route's ErrorBoundary (with its reload button) shows.
    return {
      default: () => {
        throw error;
      },
    };
  };
  // Vite's preload helper raises this when a dynamic import's dependencies fail.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnceForChunkError()) event.preventDefault();
  });
}
