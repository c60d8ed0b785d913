import { formatMessage, geocodeLocation } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { NEARBY_MESSAGES } from './messages.ts';
import type { Place } from './position.ts';

/** Names already asked for, by point: the pages of one tab ask once per fix. */
const names = new Map<string, string>();

/**
 * How the viewer's place reads: a chosen city as 上海（城市中心）; the device's position
 * as the district it is in (the geocode call, e.g. 上海市黄浦区), or 我的位置 until then,
 * for visitors, or when the point is in no district the geocoder knows.
 */
export function usePlaceLabel(place: Place): string {
  const api = useApi();
  const key = `${place.latitude},${place.longitude}`;
  const [name, setName] = useState(() => names.get(key) ?? '');
  // The geocoder is for logged-in people (it is counted per user).
  const isLoggedIn = useViewer() !== null;
  useEffect(() => {
    if (place.source !== 'device' || !isLoggedIn) return;
    const known = names.get(key);
    if (known !== undefined) {
      setName(known);
      return;
    }
    let isCurrent = true;
    setName('');
    api.call(geocodeLocation, { lat: place.latitude, lng: place.longitude }).then(
      (answer) => {
        names.set(key, answer.location);
        if (isCurrent) setName(answer.location);
      },
      () => {
        // Unknown district or no provider: 我的位置 says enough.
        names.set(key, '');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, key, place, isLoggedIn]);
  if (place.source === 'city') return formatMessage(NEARBY_MESSAGES.hereByCity, { city: place.city });
  return name || NEARBY_MESSAGES.hereByDevice;
}
