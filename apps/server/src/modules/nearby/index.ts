// The nearby module's public face: its descriptor, and the position rules the teams module
// (and the bench) build on. Nobody outside reads the positions table: only these.
export { nearbyModule } from './nearby.module.ts';
export { type NearbyPeopleQuery, radarUsers, selectPeopleAround } from './people.service.ts';
export {
  countPeopleAround,
  distanceBucketSql,
  freshPositionOf,
  type GeoPoint,
  snapPoint,
  stableTiebreak,
  stableTiebreakSql,
  userIdsWithin,
  viewerPoint,
} from './positions.ts';
export { isInvisible } from './presence.service.ts';
