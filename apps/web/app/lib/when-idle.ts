/**
 * Runs `run` once the browser is idle (at the latest after `options.timeout` ms, when
 * given), or after `options.fallback` ms where there is no requestIdleCallback (Safari).
 * Answers the function that cancels it.
 */
export function whenIdle(run: () => void, options: { fallback: number; timeout?: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(
      run,
      options.timeout === undefined ? undefined : { timeout: options.timeout },
    );
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, options.fallback);
  return () => window.clearTimeout(timer);
}
