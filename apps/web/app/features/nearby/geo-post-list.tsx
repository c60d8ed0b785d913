import { formatMessage, type GeoPost, geoPosts, PAGE_SIZE } from '@evcircle/contract/client';
import { MapPin, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { FeedGrid, PostCardSkeleton } from '~/features/posts/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { NEARBY_MESSAGES } from './messages.ts';
import type { Place } from './position.ts';

const SIZE = PAGE_SIZE.nearby;

/** A geo post's card text: how far it is (a bucket), then its words. */
function distanceAndText(post: GeoPost) {
  return (
    <>
      <span className="mr-1 inline-flex items-center gap-0.5 rounded bg-primary-50 px-1 align-[1px] text-[11px] font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-300">
        <MapPin aria-hidden="true" className="size-3" />
        {post.distance_text}
      </span>
      {post.content}
    </>
  );
}

type GeoPostListProps = {
  place: Place;
  radiusKm: number;
  imageBase: string;
  /** Columns by viewport width; the home feed's by default (/near is as wide as it). */
  columnsFor?: (width: number) => number;
};

/**
 * Posts published with a place near `place` (geo-posts), nearest bucket first, as the
 * feed's cards (each with its distance), page after page. Fetched in the browser: the
 * place is the browser's.
 */
export function GeoPostList({ place, radiusKm, imageBase, columnsFor }: GeoPostListProps) {
  const api = useApi();
  const { latitude, longitude } = place;
  const [first, setFirst] = useState<GeoPost[] | null | 'error'>(null);
  const [attempt, setAttempt] = useState(0);

  const fetchPage = useCallback(
    async (page: number) =>
      (await api.call(geoPosts, { latitude, longitude, radius: radiusKm, page, size: SIZE })).items,
    [api, latitude, longitude, radiusKm],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's
  useEffect(() => {
    let isCurrent = true;
    setFirst(null);
    fetchPage(1).then(
      (items) => isCurrent && setFirst(items),
      () => isCurrent && setFirst('error'),
    );
    return () => {
      isCurrent = false;
    };
  }, [fetchPage, attempt]);

  if (first === null) {
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {[1, 2, 3].map((id) => (
          <PostCardSkeleton key={id} />
        ))}
      </div>
    );
  }
  if (first === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-gray-500 dark:text-gray-400">
        {NEARBY_MESSAGES.listFailed}
        <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          <RotateCw aria-hidden="true" className="size-4" />
          {NEARBY_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  return (
    <FeedGrid<GeoPost>
      key={`${latitude},${longitude},${radiusKm}`}
      data-testid="geo-posts"
      firstPage={first}
      pageSize={SIZE}
      imageBase={imageBase}
      fetchPage={fetchPage}
      columnsFor={columnsFor}
      renderText={distanceAndText}
      label={NEARBY_MESSAGES.nearHeading}
      empty={
        <p data-testid="geo-posts-empty" className="py-16 text-center text-sm text-gray-500 dark:text-gray-400">
          {formatMessage(NEARBY_MESSAGES.postsEmpty, { km: radiusKm })}
        </p>
      }
    />
  );
}
