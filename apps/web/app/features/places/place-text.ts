import { formatMessage, POST_LOCATION_MAX_LENGTH, type Poi } from '@evcircle/contract/client';
import { PLACES_MESSAGES } from './messages.ts';

/** Metres as a reader says them: 80 米, 950 米, 1.2 公里, 12 公里. */
export function formatDistance(metres: number): string {
  const rounded = Math.max(0, Math.round(metres / 10) * 10);
  if (rounded < 1000) return formatMessage(PLACES_MESSAGES.metres, { n: rounded });
  const km = metres / 1000;
  return formatMessage(PLACES_MESSAGES.kilometres, { n: km < 10 ? km.toFixed(1).replace(/\.0$/, '') : Math.round(km) });
}

/**
 * The place text a picked place fills in, as the field's own example writes places
 * (上海·滴水湖): the city without 市, a middle dot, the name; cut to the field's length.
 */
export function placeText(poi: Pick<Poi, 'city' | 'name'>): string {
  const city = poi.city.replace(/市$/, '');
  const text = city ? formatMessage(PLACES_MESSAGES.placeText, { city, name: poi.name }) : poi.name;
  return Array.from(text).slice(0, POST_LOCATION_MAX_LENGTH).join('');
}
