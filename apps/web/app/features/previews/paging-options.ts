import type { Post } from '@evcircle/contract/client';

/** The page sizes to choose from (?size=…); anything else is the default. */
export const PAGING_SIZES = [5, 10, 20] as const;
const DEFAULT_SIZE = 10;

/** The size ?size= asks for when it is one of PAGING_SIZES, the default otherwise. */
export function pagingSizeOf(url: URL): number {
  const asked = Number(url.searchParams.get('size'));
  return PAGING_SIZES.find((size) => size === asked) ?? DEFAULT_SIZE;
}

export type PagingTestData = { size: number; firstPage: Post[] | null };
