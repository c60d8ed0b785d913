import { postShare } from '@evcircle/contract/client';
import { useApi } from '~/lib/api.ts';

/** The address to share when post/share could not answer one: this site's own post page. */
function fallbackShareUrl(pid: number): string {
  return `${window.location.origin}/post/${pid}`;
}

/**
 * Counts a share with post/share and answers the link to hand out. A failed count still
 * answers a link (sharing works offline from the server's point of view).
 */
export function useShare(pid: number, knownUrl: string, onCounted?: (sharenum: number) => void) {
  const api = useApi();
  return async (): Promise<string> => {
    try {
      const result = await api.call(postShare, { pid });
      onCounted?.(result.sharenum);
      return result.share_url || knownUrl || fallbackShareUrl(pid);
    } catch {
      return knownUrl || fallbackShareUrl(pid);
    }
  };
}
