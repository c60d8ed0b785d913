import type { GeocodeResult, Poi } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';

/** One question: places within `radius` metres of a WGS-84 point that match `word` ('' = any). */
export type PlaceQuery = {
  latitude: number;
  longitude: number;
  /** Trimmed; '' asks for every kind of place, nearest first. */
  word: string;
  /** Metres. */
  radius: number;
  /** From 1. */
  page: number;
  size: number;
};

/**
 * Finds places near a point. The answer's coordinates are WGS-84, like the question's,
 * whatever the provider speaks. A provider that cannot answer rejects with AppError
 * PLACES_UNAVAILABLE: it never answers an empty list it did not find.
 */
export type PlaceSearch = {
  /** Which provider this is (local, amap, or a test double). */
  readonly kind: string;
  around(query: PlaceQuery): Promise<Poi[]>;
};

/** A point in WGS-84 degrees (what browsers and phones report). */
export type LatLng = { latitude: number; longitude: number };

/**
 * Names the place a point is in (reverse geocoding). The question and the answer's
 * coordinates are WGS-84, whatever the provider speaks. A point in no district of China
 * rejects with AppError GEOCODE_NOT_FOUND; a provider that cannot answer rejects with
 * GEOCODE_UNAVAILABLE: it never answers a place it did not find.
 */
export type ReverseGeocoder = {
  /** Which provider this is (offline, amap, or a test double). */
  readonly kind: string;
  reverse(point: LatLng): Promise<GeocodeResult>;
};

export type MapsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
