import { z } from 'zod';
import { CAR_MODEL_MAX_LENGTH, PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { PostSchema } from './entities/post.ts';
import { SexSchema } from './entities/user.ts';
import {
  NEARBY_MAX_RADIUS_KM,
  NEARBY_PEOPLE_RADIUS_KM,
  NEARBY_PLACES_RADIUS_KM,
  NEARBY_SEX_FILTERS,
  RADAR_LIMIT,
} from './nearby-rules.ts';
import { coordinateField, IdSchema, optionalCoordinate, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// People, positions, visibility, presence and posts with a place (SPEC.md §7 "Nearby and
// teams", prefix /api/v1/ai/nearby, and GET /api/v1/user/info/nearby). The privacy rules
// every call obeys are docs/decisions/0016-nearby-privacy.md: nobody receives another
// person's coordinates, only distance buckets (nearby-rules.ts distanceBucket).

const PREFIX = '/api/v1/ai/nearby';

/**
 * A radius in km: absent or '' → the default; must be a number above 0; above
 * NEARBY_MAX_RADIUS_KM it is capped, and below 1 m it counts as 1 m (a subnormal radius
 * made PostgreSQL's earth_box fail with "value out of range: underflow").
 */
export function radiusKmField(defaultKm: number) {
  return z
    .preprocess(
      (value) => (value === null || value === '' ? defaultKm : value),
      z.coerce
        .number({ error: '半径须为数字' })
        .refine((n) => Number.isFinite(n) && n > 0, { error: '半径须大于 0' })
        .transform((n) => Math.min(Math.max(n, 0.001), NEARBY_MAX_RADIUS_KM)),
    )
    .default(defaultKm);
}

/** A 0/1 switch that may be left out ('' or absent → undefined: unchanged). */
const OptionalSwitch = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? undefined : value),
  z.coerce
    .number({ error: '隐身设置须为 0 或 1' })
    .pipe(z.union([z.literal(0), z.literal(1)], { error: '隐身设置须为 0 或 1' }))
    .optional(),
);

const RequiredSwitch = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: '隐身设置须为 0 或 1' })
    .pipe(z.union([z.literal(0), z.literal(1)], { error: '隐身设置须为 0 或 1' })),
);

/** Sex filter: '' any, 1 male, 2 female (SPEC.md §3). */
const SexFilter = z
  .preprocess(
    (value) => (value === null ? '' : String(value).trim()),
    z.enum(NEARBY_SEX_FILTERS, { error: '性别筛选须为空、1 或 2' }),
  )
  .default('');

/** A word matched in people's car model ('' = any). */
const ModelFilter = z
  .string({ error: '车型须为文本' })
  .trim()
  .max(CAR_MODEL_MAX_LENGTH, { error: `车型不能超过 ${CAR_MODEL_MAX_LENGTH} 个字` })
  .default('');

/**
 * The viewer's point, optional as a pair. Given, it counts as a position report under the
 * same rule as report-location (stored at most once per LOCATION_REPORT_INTERVAL_S) and
 * the list is measured from the stored position; left out, from the viewer's stored
 * fresh position, NEARBY_LOCATION_REQUIRED when there is none.
 */
export const ViewerPointFields = {
  latitude: optionalCoordinate(-90, 90, '纬度'),
  longitude: optionalCoordinate(-180, 180, '经度'),
};
export const bothOrNeither = (q: { latitude: number | null; longitude: number | null }) =>
  (q.latitude === null) === (q.longitude === null);
export const BOTH_OR_NEITHER = { error: '纬度和经度须同时提供' };

/** How many the radar shows: RADAR_LIMIT by default, bigger asked for is capped. */
export const RadarLimitField = sizeField(RADAR_LIMIT).transform((n) => Math.min(n, RADAR_LIMIT));

/**
 * The last page a nearby list answers (500 pages of the largest size are 50,000 people or
 * posts, past any radius); beyond it the page number is refused rather than overflowing.
 */
export const NEARBY_MAX_PAGE = 500;
const NearbyPage = pageField().pipe(z.number().max(NEARBY_MAX_PAGE, { error: `页码不能超过 ${NEARBY_MAX_PAGE}` }));

/** The people tags of GET /api/v1/user/info/nearby (SPEC.md leaves `tag` open; ours). */
export const NEARBY_PEOPLE_TAGS = ['', 'active', 'following', 'vip'] as const;
export type NearbyPeopleTag = (typeof NEARBY_PEOPLE_TAGS)[number];

/** How recently a person must have reported or been connected to count as active: 30 minutes. */
export const NEARBY_ACTIVE_MINUTES = 30;

/**
 * Someone near the viewer. Never coordinates: `distance` is the upper bound of the
 * distance bucket in metres (distanceBucket), measured between grid cells.
 */
export const NearbyPersonSchema = z.object({
  uid: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  sex: SexSchema,
  car_model: z.string(),
  /** Upper bound of the distance bucket, in metres (100, 500, 1000, 1500 … then whole km). */
  distance: z.number(),
  /** The bucket as it reads: 100米内, 1.5公里内. */
  distance_text: z.string(),
  /** A realtime connection is open now. */
  is_online: z.boolean(),
  /** The viewer follows this person. */
  isfollow: z.boolean(),
});
export type NearbyPerson = z.infer<typeof NearbyPersonSchema>;

/** A post with a place, with its bucketed distance from the point asked about. */
export const GeoPostSchema = PostSchema.extend({
  /** Upper bound of the distance bucket, in metres. */
  distance: z.number(),
  distance_text: z.string(),
});
export type GeoPost = z.infer<typeof GeoPostSchema>;

const PeopleList = z.object({ users: z.array(NearbyPersonSchema) });

/**
 * Stores the viewer's position (snapped to a grid of about 200 m), at most once per
 * LOCATION_REPORT_INTERVAL_S: a report sooner is answered `stored: false` and changes
 * nothing. `is_invisible`, when sent, sets the visibility switch as well (every time).
 */
export const reportLocation = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/report-location`,
  body: z.object({
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
    is_invisible: OptionalSwitch,
  }),
  data: z.object({
    /** The position was stored (false: one was stored less than the interval ago). */
    stored: z.boolean(),
    is_invisible: z.union([z.literal(0), z.literal(1)]),
  }),
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '上报位置',
});

/**
 * People active around the viewer: a fresh, visible position within `radius` km and
 * online now, or reported or connected within NEARBY_ACTIVE_MINUTES. Nearest bucket
 * first, at most RADAR_LIMIT.
 */
export const activeUsers = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/active-users`,
  query: z
    .object({ ...ViewerPointFields, radius: radiusKmField(NEARBY_PEOPLE_RADIUS_KM) })
    .refine(bothOrNeither, BOTH_OR_NEITHER),
  data: PeopleList,
  auth: 'user',
  summary: '附近活跃用户',
});

/** The viewer's visibility switch: 1 = appears in no nearby list, radar or stats. */
export const visibilityStatus = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/visibility-status`,
  query: z.object({}),
  data: z.object({ is_invisible: z.union([z.literal(0), z.literal(1)]) }),
  auth: 'user',
  summary: '附近隐身状态',
});

/** Sets the viewer's visibility switch. */
export const updateVisibility = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/update-visibility`,
  body: z.object({ is_invisible: RequiredSwitch }),
  data: z.object({ is_invisible: z.union([z.literal(0), z.literal(1)]) }),
  auth: 'user',
  summary: '设置附近隐身',
});

/**
 * Whether `uid` is connected now, and when last seen, coarsely: 刚刚 (under a minute),
 * N分钟前, N小时前, '' beyond a day. Invisible, blocked either way or deleted: false and
 * ''. One's own status is the truth.
 */
export const userOnlineStatus = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/user-online-status`,
  query: z.object({ uid: IdSchema }),
  data: z.object({ is_online: z.boolean(), last_active_time: z.string() }),
  auth: 'user',
  access: { rule: 'person' },
  summary: '用户在线状态',
});

/**
 * Live posts published with a place within `radius` km of the point, nearest bucket
 * first, then newest. The point is only measured from (not stored); posts' own points
 * are never sent.
 */
export const geoPosts = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/geo-posts`,
  query: z.object({
    latitude: coordinateField(-90, 90, '纬度'),
    longitude: coordinateField(-180, 180, '经度'),
    radius: radiusKmField(NEARBY_PLACES_RADIUS_KM),
    page: NearbyPage,
    size: sizeField(PAGE_SIZE.nearby),
  }),
  data: z.object({ items: z.array(GeoPostSchema), hasMore: z.boolean() }),
  auth: 'optional',
  summary: '附近动态',
});

/**
 * The radar: people with a fresh, visible position within `radius` km, nearest bucket
 * first (a stable pseudo-random order within a bucket), at most `limit` (capped at
 * RADAR_LIMIT), filtered by sex and a word of the car model.
 */
export const radarUsers = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/radar-users`,
  query: z
    .object({
      ...ViewerPointFields,
      radius: radiusKmField(NEARBY_PEOPLE_RADIUS_KM),
      limit: RadarLimitField,
      sex: SexFilter,
      model: ModelFilter,
    })
    .refine(bothOrNeither, BOTH_OR_NEITHER),
  data: PeopleList,
  auth: 'user',
  summary: '雷达附近的人',
});

/**
 * A page of people around the viewer within `km`, ordered like the radar. `tag`
 * (SPEC.md leaves it open): '' everyone, 'active' active within NEARBY_ACTIVE_MINUTES,
 * 'following' people the viewer follows, 'vip' VIP members.
 */
export const nearbyPeople = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/info/nearby',
  query: z
    .object({
      ...ViewerPointFields,
      sex: SexFilter,
      page: NearbyPage,
      size: sizeField(PAGE_SIZE.nearby),
      model: ModelFilter,
      tag: z
        .preprocess(
          (value) => (value === null ? '' : String(value).trim()),
          z.enum(NEARBY_PEOPLE_TAGS, { error: '标签须为空、active、following 或 vip' }),
        )
        .default(''),
      km: radiusKmField(NEARBY_PEOPLE_RADIUS_KM),
    })
    .refine(bothOrNeither, BOTH_OR_NEITHER),
  data: z.object({ items: z.array(NearbyPersonSchema), hasMore: z.boolean() }),
  auth: 'user',
  summary: '附近的人',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const nearbyErrors = defineErrors({
  /** A people call without a point and no fresh stored position to measure from. */
  NEARBY_LOCATION_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请先开启定位' },
});
