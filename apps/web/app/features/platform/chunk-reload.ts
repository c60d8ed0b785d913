import { CHUNK_RELOAD_GUARD_MS } from '@evcircle/contract';

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
 * guard lives in sessionStorage, so it survives the reload). The reload keeps the URL and
 * history state; React Router restores the scroll position. Returns whether it reloaded.
 */
export function reloadOnceForChunkError(): boolean {
  const key = GUARD_KEY_PREFIX + location.pathname;
  try {
    const last = Number(sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    // Without sessionStorage there is no guard, and a reload loop is worse than a stale page.
    return false;
  }
  location.reload();
  return true;
}

/**
 * Listens for chunk failures of our own dynamic imports (Vite preload failures and
 * rejected `import()`s). Call once, before hydrating.
 * NOTE: a route module that fails to load during navigation is handled by React Router
 * itself: it reloads the page at once (routeModules.ts) and that reload cannot be
 * intercepted; it only happens on a click, so it cannot loop.
 */
export function installChunkReloadGuard(): void {
  // Vite's preload helper raises this when a dynamic import's dependencies fail.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnceForChunkError()) event.preventDefault();
  });
}
