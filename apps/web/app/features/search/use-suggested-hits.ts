import { productSearch, userSearch } from '@evcircle/contract/client';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { SUGGESTED_HIT_LIMIT, type SuggestedHits } from './suggestions.ts';

/** Typing pauses this long before people and products are asked for: no request per keystroke. */
export const SUGGEST_DELAY_MS = 250;
/** Texts whose answers are kept, so deleting back to an earlier text asks nothing again. */
const CACHED_TEXTS = 30;

/**
 * The top people and products for the typed text (trimmed), asked for once typing pauses
 * for SUGGEST_DELAY_MS and only while `isEnabled` (the suggestions are open). An answer is
 * tagged with its text, so one that comes late is never shown for another.
 */
export function useSuggestedHits(text: string, isEnabled: boolean): SuggestedHits | null {
  const api = useApi();
  const [hits, setHits] = useState<SuggestedHits | null>(null);
  const cache = useRef(new Map<string, SuggestedHits>());
  const typed = text.trim();

  useEffect(() => {
    if (!isEnabled || !typed) return;
    const cached = cache.current.get(typed);
    if (cached) {
      setHits(cached);
      return;
    }
    let isCurrent = true;
    const timer = setTimeout(() => {
      Promise.allSettled([
        api.call(userSearch, {
          word: typed,
          page: 1,
          size: SUGGESTED_HIT_LIMIT,
        }),
        api.call(productSearch, { word: typed, page: 1, size: SUGGESTED_HIT_LIMIT }),
      ]).then(([users, products]) => {
        const found: SuggestedHits = {
          word: typed,
          users: users.status === 'fulfilled' ? users.value : [],
          products: products.status === 'fulfilled' ? products.value.items : [],
        };
        // A failed half is asked again next time this text is typed.
        if (users.status === 'fulfilled' && products.status === 'fulfilled') {
          cache.current.set(typed, found);
          if (cache.current.size > CACHED_TEXTS) cache.current.delete(cache.current.keys().next().value ?? '');
        }
        if (isCurrent) setHits(found);
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [api, typed, isEnabled]);

  return hits;
}
