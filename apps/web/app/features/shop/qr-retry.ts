/**
 * Runs `attempt` once and then up to `retries` more times, `delayMs` apart, answering the
 * first success; rejects with the last failure (SPEC.md §9: the cart QR, 2 retries 1 s apart).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  retries: number,
  delayMs: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let lastError: unknown;
  for (let tries = 0; tries <= retries; tries++) {
    if (tries > 0) await wait(delayMs);
    try {
      return await attempt();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
