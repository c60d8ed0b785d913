/**
 * For the post page's clientLoader (SPEC.md §2): the address a client navigation to
 * /post/{id} from a list page goes to instead, that list with the post's modal, or null
 * when the post page itself is wanted (another page, a crawler, a malformed id). The
 * address code and isbot's list load on this path only, not with the post page.
 */
export async function listModalAddress(
  id: string,
  from: Pick<Location, 'pathname' | 'search'>,
): Promise<string | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  const { isModalListPath, searchString, withModalTarget } = await import('./modal-params.ts');
  if (!isModalListPath(from.pathname)) return null;
  const { isCrawlerUserAgent } = await import('~/lib/user-agent.ts');
  if (isCrawlerUserAgent(navigator.userAgent)) return null;
  const search = withModalTarget(new URLSearchParams(from.search), { postId: Number(id), index: 0 });
  return `${from.pathname}${searchString(search)}`;
}
