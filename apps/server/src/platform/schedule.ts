import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `intervalMs` until `stop` (a module's background job): a run that is
 * still going when the next is due is not started twice, and a failed run is logged with
 * `label` and tried again at the next tick. The timer keeps no process alive.
 */
export function scheduleEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  log: Pick<FastifyBaseLogger, 'error'>,
  label: string,
): { stop: () => void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await work();
    } catch (err) {
      log.error({ err }, `${label}: scheduled run failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
