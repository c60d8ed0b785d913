import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the processed variants of one stored file live: `${cacheDir}/${key}@v/`.
 * `@` is outside the storage key character set, so this directory can never collide
 * with the variants of another key.
 */
export function variantDir(cacheDir: string, key: string): string {
  return path.join(cacheDir, `${key}@v`);
}

/**
 * NOTE: file times are not strictly ordered within a few milliseconds: Linux stamps a file
 * with a coarse clock (a tick of up to 10 ms) unless its time was just read, when it uses a
 * fine one, so a variant written right after its source can carry the earlier time. A
 * variant is fresh unless it is older than its source by more than this (a source that is
 * replaced also deletes its variants: this check only guards a render racing the write).
 */
const TIMESTAMP_SLACK_MS = 20;

/** Writes a variant to `outputPath`; the cache renames it into place when it resolves. */
export type RenderVariant = (outputPath: string) => Promise<void>;

export type VariantCache = {
  /**
   * Returns the path of the variant relative to the cache directory, rendering it first
   * when it is missing or older than the source. Concurrent calls for the same variant
   * share one render.
   */
  ensure(key: string, variantName: string, sourceModifiedAt: Date, render: RenderVariant): Promise<string>;
};

/** A disk cache of processed files (resized images, video frames) under `cacheDir`. */
export function createVariantCache(cacheDir: string): VariantCache {
  const inFlight = new Map<string, Promise<void>>();

  async function isFresh(file: string, sourceModifiedAt: Date): Promise<boolean> {
    try {
      const info = await stat(file);
      return info.mtimeMs >= sourceModifiedAt.getTime() - TIMESTAMP_SLACK_MS;
    } catch {
      return false;
    }
  }

  async function renderInto(file: string, render: RenderVariant): Promise<void> {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    // NOTE: render into a dot-named temp file beside the target and rename it: readers in
    // this or another process see either no file or the whole file, never half of it.
    const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp${path.extname(file)}`);
    try {
      await render(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async ensure(key, variantName, sourceModifiedAt, render) {
      const relative = path.join(`${key}@v`, variantName);
      const file = path.join(cacheDir, relative);
      if (await isFresh(file, sourceModifiedAt)) return relative;
      let pending = inFlight.get(file);
      if (!pending) {
        pending = renderInto(file, render).finally(() => inFlight.delete(file));
        inFlight.set(file, pending);
      }
      await pending;
      return relative;
    },
  };
}
