import { resolveMediaUrl } from '@evcircle/contract/client';
import { useRootData } from '~/lib/root-data.ts';

/** An avatar as the API stores it (a storage key) made into an address (SPEC.md §3 image rules). */
export function useAvatarUrl(src: string): string {
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  return resolveMediaUrl(src, imageBase);
}
