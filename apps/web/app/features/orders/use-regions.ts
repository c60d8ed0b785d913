import { addressRegions, type RegionProvince } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';

/** The tree once fetched: it does not change while the page is open (the server's bundled table). */
let cached: RegionProvince[] | null = null;

export type Regions =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ok'; tree: RegionProvince[] };

/** The 省 → 市 → 区 tree, fetched when the first picker mounts (not with the page), kept for the next. */
export function useRegions(): Regions {
  const api = useApi();
  const [tree, setTree] = useState<RegionProvince[] | null>(cached);
  const [hasFailed, setFailed] = useState(false);
  const isMounted = useRef(true);

  const load = useCallback(() => {
    setFailed(false);
    api.call(addressRegions, {}).then(
      (answer) => {
        cached = answer;
        if (isMounted.current) setTree(answer);
      },
      () => {
        if (isMounted.current) setFailed(true);
      },
    );
  }, [api]);

  useEffect(() => {
    isMounted.current = true;
    if (!cached) load();
    return () => {
      isMounted.current = false;
    };
  }, [load]);

  if (tree) return { state: 'ok', tree };
  return hasFailed ? { state: 'failed', retry: load } : { state: 'loading' };
}
