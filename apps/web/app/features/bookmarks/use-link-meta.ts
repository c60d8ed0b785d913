import { ApiError, bookmarkMeta, normalizeBookmarkUrl } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

/** How long typing must pause before the page is asked for its title (ms). */
export const META_DEBOUNCE_MS = 400;

export type LinkMeta =
  /** Nothing typed yet. */
  | { state: 'empty' }
  /** Typed, but not a URL a bookmark may hold. */
  | { state: 'invalid' }
  | { state: 'loading'; url: string }
  | { state: 'ok'; url: string; title: string; favicon: string }
  /** The server could not read the page: its message; the person may still type a title and save. */
  | { state: 'error'; url: string; message: string };

/**
 * The title and icon of the page `text` names (bookmark/meta), asked for once typing has
 * paused for META_DEBOUNCE_MS; an answer for a URL no longer in the box is dropped.
 */
export function useLinkMeta(text: string): LinkMeta {
  const api = useApi();
  const url = normalizeBookmarkUrl(text);
  const isEmpty = text.trim() === '';
  const [meta, setMeta] = useState<LinkMeta>({ state: 'empty' });

  useEffect(() => {
    if (url === null) return;
    let isCurrent = true;
    setMeta({ state: 'loading', url });
    const timer = setTimeout(() => {
      api.call(bookmarkMeta, { url }).then(
        (answer) => {
          if (isCurrent) setMeta({ state: 'ok', url, title: answer.title, favicon: answer.favicon });
        },
        (error: unknown) => {
          if (!isCurrent) return;
          const message = error instanceof ApiError ? error.message : BOOKMARKS_MESSAGES.metaManual;
          setMeta({ state: 'error', url, message });
        },
      );
    }, META_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [api, url]);

  if (isEmpty) return { state: 'empty' };
  if (url === null) return { state: 'invalid' };
  // Until the effect ran for this URL, it is on its way.
  if (meta.state === 'empty' || meta.state === 'invalid' || meta.url !== url) return { state: 'loading', url };
  return meta;
}
