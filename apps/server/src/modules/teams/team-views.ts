// What the team reads answer: team cards, the lists of one's teams and of teams nearby,
// the radar, the counts around, responses and members. No answer carries a team's or a
// person's coordinates: distances are buckets from the viewer's snapped point
// (docs/decisions/0017-teams.md).
import {
  distanceBucket,
  distanceBucketText,
  NEARBY_PEOPLE_RADIUS_KM,
  NEARBY_PLACES_RADIUS_KM,
  TEAM_ACTIONS,
  type TeamAction,
  type TeamCard,
  type TeamMember,
  type TeamResponseCounts,
} from '@evcircle/contract';
import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import {
  countPeopleAround,
  distanceBucketSql,
  type GeoPoint,
  stableTiebreakSql,
  viewerPoint,
} from '../nearby/index.ts';
import { blockedEitherWayIdsOf } from '../relations/index.ts';
import { canSee, findTeam, type Membership, requireVisible, statusOf, type TeamRow } from './team-rows.ts';
import { teamMembers, teamResponses, teams } from './teams.tables.ts';

const KM = 1000;

/** The teams' rows as cards for the viewer; `distances` (metres, by team id) when the call measured them. */
export async function toTeamCards(
  db: Db,
  viewerId: number,
  rows: readonly TeamRow[],
  now: Date,
  distances: ReadonlyMap<number, number> = new Map(),
): Promise<TeamCard[]> {
  if (rows.length === 0) return [];
  const teamIds = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.creatorId))];
  const [creators, memberships, responses] = await Promise.all([
    db
      .select({ uid: users.id, nickname: users.nickname, avatar: users.avatar })
      .from(users)
      .where(inArray(users.id, creatorIds)),
    db
      .select({ teamId: teamMembers.teamId, role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, viewerId), inArray(teamMembers.teamId, teamIds))),
    db
      .select({ teamId: teamResponses.teamId, action: teamResponses.action })
      .from(teamResponses)
      .where(and(eq(teamResponses.userId, viewerId), inArray(teamResponses.teamId, teamIds))),
  ]);
  const creatorById = new Map(creators.map((creator) => [creator.uid, creator]));
  const roleByTeam = new Map(memberships.map((row) => [row.teamId, row.role]));
  const actionByTeam = new Map(responses.map((row) => [row.teamId, row.action as TeamAction]));
  return rows.map((row) => {
    const role = roleByTeam.get(row.id);
    const metres = distances.get(row.id);
    const bucket = metres === undefined ? null : distanceBucket(metres);
    return {
      team_id: String(row.id),
      title: row.title,
      description: row.description,
      creator: creatorById.get(row.creatorId) ?? { uid: row.creatorId, nickname: '', avatar: '' },
      member_count: row.memberCount,
      status: statusOf(row, now),
      expires_at: row.expiresAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      notify_radius: row.notifyRadiusM / KM,
      push_notify: row.pushNotify,
      distance: bucket,
      distance_text: bucket === null ? '' : distanceBucketText(bucket),
      my_role: role === 'creator' ? 'creator' : role === 'member' ? 'member' : 'none',
      joined: role !== undefined,
      my_response: actionByTeam.get(row.id) ?? '',
    };
  });
}

/** One team as the viewer sees it (TEAM_NOT_FOUND when they may not). */
export async function getTeamCard(db: Db, viewerId: number, teamId: number, now = new Date()): Promise<TeamCard> {
  const { team } = await requireVisible(db, viewerId, await findTeam(db, teamId), now);
  const [card] = await toTeamCards(db, viewerId, [team], now);
  if (!card) throw new Error(`team ${teamId} could not be shown`);
  return card;
}

type Paging = { page: number; size: number };
type TeamPage = { items: TeamCard[]; hasMore: boolean };

/** my-teams: the viewer's own teams but disbanded ones, newest first (teams_creator_idx). */
export async function listMyTeams(db: Db, viewerId: number, paging: Paging, now = new Date()): Promise<TeamPage> {
  const rows = await db
    .select()
    .from(teams)
    .where(and(eq(teams.creatorId, viewerId), ne(teams.status, 'disbanded')))
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(paging.size + 1)
    .offset((paging.page - 1) * paging.size);
  return page(db, viewerId, rows, paging, now);
}

/** joined-teams: teams the viewer joined and did not start, but disbanded ones, latest joined first. */
export async function listJoinedTeams(db: Db, viewerId: number, paging: Paging, now = new Date()): Promise<TeamPage> {
  const rows = await db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, viewerId), eq(teamMembers.role, 'member'), ne(teams.status, 'disbanded')))
    .orderBy(desc(teamMembers.joinedAt), desc(teams.id))
    .limit(paging.size + 1)
    .offset((paging.page - 1) * paging.size);
  return page(
    db,
    viewerId,
    rows.map((row) => row.team),
    paging,
    now,
  );
}

async function page(db: Db, viewerId: number, rows: TeamRow[], paging: Paging, now: Date): Promise<TeamPage> {
  return {
    items: await toTeamCards(db, viewerId, rows.slice(0, paging.size), now),
    hasMore: rows.length > paging.size,
  };
}

const teamEarth = sql`ll_to_earth(${teams.latitude}, ${teams.longitude})`;

function earthOf(point: GeoPoint): SQL {
  return sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
}

/**
 * The active teams the viewer may see within `radiusM` of `center`: the box walks
 * teams_earth_idx (active teams only), the distance keeps the circle; teams whose creator
 * and the viewer blocked each other, and those of deleted accounts, are left out.
 */
function activeAroundSql(viewerId: number, center: GeoPoint, radiusM: number, now: Date): SQL {
  const earth = earthOf(center);
  return and(
    // Written out, not a parameter: the planner matches it to teams_earth_idx's predicate.
    sql`${teams.status} = 'active'`,
    gt(teams.expiresAt, now),
    sql`earth_box(${earth}, ${radiusM}::float8) @> ${teamEarth}`,
    sql`earth_distance(${earth}, ${teamEarth}) <= ${radiusM}::float8`,
    notInArray(teams.creatorId, blockedEitherWayIdsOf(viewerId)),
    isNull(users.deletedAt),
  ) as SQL;
}

/**
 * Active teams around the viewer's point, nearest bucket first, then the nearby module's
 * stable pseudo-random order (the same all day for the viewer, whatever point they ask
 * from), so neither the order nor repeated asking says more than the bucket.
 */
async function teamsAround(
  db: Db,
  viewerId: number,
  center: GeoPoint,
  radiusM: number,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ rows: TeamRow[]; distances: Map<number, number> }> {
  const distance = sql<number>`earth_distance(${earthOf(center)}, ${teamEarth})`.mapWith(Number);
  const found = await db
    .select({ team: teams, distance })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.creatorId))
    .where(activeAroundSql(viewerId, center, radiusM, now))
    .orderBy(
      asc(distanceBucketSql(sql`earth_distance(${earthOf(center)}, ${teamEarth})`)),
      asc(stableTiebreakSql(viewerId, sql`'team:' || ${teams.id}`, now)),
      asc(teams.id),
    )
    .limit(window.limit)
    .offset(window.offset);
  return {
    rows: found.map((row) => row.team),
    distances: new Map(found.map((row) => [row.team.id, row.distance])),
  };
}

/** nearby-teams: a page of active teams within `radiusKm` of the viewer (see teamsAround). */
export async function listNearbyTeams(
  db: Db,
  viewerId: number,
  query: GeoPoint & { radius: number; page: number; size: number },
  now = new Date(),
): Promise<TeamPage> {
  const center = await viewerPoint(db, viewerId, { latitude: query.latitude, longitude: query.longitude });
  const { rows, distances } = await teamsAround(
    db,
    viewerId,
    center,
    query.radius * KM,
    { limit: query.size + 1, offset: (query.page - 1) * query.size },
    now,
  );
  return {
    items: await toTeamCards(db, viewerId, rows.slice(0, query.size), now, distances),
    hasMore: rows.length > query.size,
  };
}

/**
 * radar-teams: up to `limit` active teams within `radius` km; from the query's point when
 * given (a position report under nearby's rule), else the viewer's stored fresh position
 * (NEARBY_LOCATION_REQUIRED when there is none).
 */
export async function listRadarTeams(
  db: Db,
  viewerId: number,
  query: { latitude: number | null; longitude: number | null; radius: number; limit: number },
  now = new Date(),
): Promise<{ teams: TeamCard[] }> {
  const asked =
    query.latitude === null || query.longitude === null
      ? null
      : { latitude: query.latitude, longitude: query.longitude };
  const center = await viewerPoint(db, viewerId, asked);
  const { rows, distances } = await teamsAround(
    db,
    viewerId,
    center,
    query.radius * KM,
    { limit: query.limit, offset: 0 },
    now,
  );
  return { teams: await toTeamCards(db, viewerId, rows, now, distances) };
}

type Around = {
  total: number;
  radius_km: number;
  buckets: { distance: number; distance_text: string; count: number }[];
};

function around(radiusKm: number, buckets: readonly { distance: number; count: number }[]): Around {
  return {
    total: buckets.reduce((sum, bucket) => sum + bucket.count, 0),
    radius_km: radiusKm,
    buckets: buckets.map((bucket) => ({ ...bucket, distance_text: distanceBucketText(bucket.distance) })),
  };
}

/**
 * user-stats: people the viewer may see within NEARBY_PEOPLE_RADIUS_KM (the nearby
 * module counts them) and active teams within NEARBY_PLACES_RADIUS_KM, by bucket.
 */
export async function userStats(db: Db, viewerId: number, point: GeoPoint, now = new Date()) {
  const center = await viewerPoint(db, viewerId, point);
  const bucket = distanceBucketSql(sql`earth_distance(${earthOf(center)}, ${teamEarth})`);
  const [people, teamBuckets] = await Promise.all([
    countPeopleAround(db, viewerId, center, NEARBY_PEOPLE_RADIUS_KM * KM),
    db
      .select({ distance: bucket, count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(teams)
      .innerJoin(users, eq(users.id, teams.creatorId))
      .where(activeAroundSql(viewerId, center, NEARBY_PLACES_RADIUS_KM * KM, now))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
  ]);
  return {
    people: around(NEARBY_PEOPLE_RADIUS_KM, people.buckets),
    teams: around(NEARBY_PLACES_RADIUS_KM, teamBuckets),
  };
}

/**
 * team-responses: per team the viewer may see, in the order asked, how many answered each
 * way and the viewer's own answer. Others are left out.
 */
export async function countResponses(
  db: Db,
  viewerId: number,
  teamIds: readonly number[],
  now = new Date(),
): Promise<{ items: TeamResponseCounts[] }> {
  const unique = [...new Set(teamIds)];
  const rows = await db.select().from(teams).where(inArray(teams.id, unique));
  const mine = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, viewerId), inArray(teamMembers.teamId, unique)));
  const roleByTeam = new Map(mine.map((row) => [row.teamId, row.role]));
  const visible: TeamRow[] = [];
  for (const row of rows) {
    const role = roleByTeam.get(row.id);
    const membership: Membership = role ? { role: role === 'creator' ? 'creator' : 'member' } : null;
    if (await canSee(db, viewerId, row, membership, now)) visible.push(row);
  }
  const visibleIds = visible.map((row) => row.id);
  const counts =
    visibleIds.length === 0
      ? []
      : await db
          .select({
            teamId: teamResponses.teamId,
            action: teamResponses.action,
            userId: teamResponses.userId,
          })
          .from(teamResponses)
          .where(inArray(teamResponses.teamId, visibleIds));
  const byId = new Map(visible.map((row) => [row.id, row]));
  return {
    items: unique.flatMap((id) => {
      const team = byId.get(id);
      if (!team) return [];
      const item: TeamResponseCounts = {
        team_id: String(id),
        join: 0,
        on_way: 0,
        cannot: 0,
        member_count: team.memberCount,
        my_response: '',
      };
      for (const row of counts) {
        if (row.teamId !== id || !TEAM_ACTIONS.includes(row.action as TeamAction)) continue;
        item[row.action as TeamAction] += 1;
        if (row.userId === viewerId) item.my_response = row.action as TeamAction;
      }
      return [item];
    }),
  };
}

/** team-response-status: the viewer's place in a team and their answer. */
export async function responseStatus(db: Db, viewerId: number, teamId: number, now = new Date()) {
  const card = await getTeamCard(db, viewerId, teamId, now);
  return {
    team_id: card.team_id,
    status: card.status,
    my_role: card.my_role,
    joined: card.joined,
    my_response: card.my_response,
  };
}

/**
 * team-members/{id}: the team and its members, creator first, then by joining; people
 * blocked either way with the viewer are left out. No positions, no distances.
 */
export async function listMembers(
  db: Db,
  viewerId: number,
  teamId: number,
  now = new Date(),
): Promise<{ team: TeamCard; members: TeamMember[] }> {
  const team = await getTeamCard(db, viewerId, teamId, now);
  const rows = await db
    .select({
      uid: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      role: teamMembers.role,
      response: teamResponses.action,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, and(eq(users.id, teamMembers.userId), isNull(users.deletedAt)))
    .leftJoin(teamResponses, and(eq(teamResponses.teamId, teamMembers.teamId), eq(teamResponses.userId, users.id)))
    .where(and(eq(teamMembers.teamId, teamId), notInArray(teamMembers.userId, blockedEitherWayIdsOf(viewerId))))
    .orderBy(sql`${teamMembers.role} = 'creator' desc`, asc(teamMembers.joinedAt), asc(teamMembers.userId));
  return {
    team,
    members: rows.map((row) => ({
      uid: row.uid,
      nickname: row.nickname,
      avatar: row.avatar,
      role: row.role === 'creator' ? 'creator' : 'member',
      response: TEAM_ACTIONS.includes(row.response as TeamAction) ? (row.response as TeamAction) : 'join',
      joined_at: row.joinedAt.toISOString(),
    })),
  };
}
