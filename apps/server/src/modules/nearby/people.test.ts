// People around the viewer through the API (radar-users, active-users,
// /api/v1/user/info/nearby) and the privacy rules of 0016-nearby-privacy.md: buckets and
// never coordinates, the viewer's own stored point, the report interval, staleness,
// invisibility, blocks either way, deleted accounts, and a trilateration attempt.
import {
  activeUsers,
  deleteAccount,
  distanceBucket,
  distanceBucketText,
  LOCATION_TTL_HOURS,
  NEARBY_MAX_PAGE,
  type NearbyPerson,
  nearbyPeople,
  RADAR_LIMIT,
  radarUsers,
  STATUS,
  updateVisibility,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { block, expectBadInput, expectError, follow } from '../chat/chat.test-helper.ts';
import { nearbyPositions } from './nearby.tables.ts';
import {
  backdate,
  expectNoCoordinates,
  expectPeopleShape,
  newArea,
  offset,
  personAt,
  placeAt,
} from './nearby.test-helper.ts';
import { countPeopleAround, type GeoPoint, snapPoint, stableTiebreak, userIdsWithin } from './positions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function radar(viewer: Person, point: GeoPoint | null, extra: Record<string, string | number> = {}) {
  return viewer.api.call(radarUsers, { ...(point ?? {}), ...extra });
}

function ids(people: readonly NearbyPerson[]): number[] {
  return people.map((p) => p.uid);
}

/** The bucket two points are apart as the rules measure it: between their grid cells. */
function bucketBetween(a: GeoPoint, b: GeoPoint): number {
  const [p, q] = [snapPoint(a), snapPoint(b)];
  const rad = Math.PI / 180;
  const h =
    Math.sin(((q.latitude - p.latitude) * rad) / 2) ** 2 +
    Math.cos(p.latitude * rad) * Math.cos(q.latitude * rad) * Math.sin(((q.longitude - p.longitude) * rad) / 2) ** 2;
  return distanceBucket(2 * 6_378_168 * Math.asin(Math.sqrt(h)));
}

describe('the radar (GET radar-users)', () => {
  it('answers the people around, nearest bucket first, with their bucket and never a coordinate', async () => {
    const here = newArea();
    const points = [offset(here, 30, 0), offset(here, 900, 0), offset(here, 0, 2600), offset(here, -4200, 0)];
    const people = await Promise.all(points.map((p) => personAt(t, p, { sex: 1, carModel: 'Model Y' })));
    const far = await personAt(t, offset(here, 0, 6000));
    const viewer = await newPerson(t);

    const { users } = await radar(viewer, here);
    expect(ids(users)).toEqual(people.map((p) => p.id));
    expect(ids(users)).not.toContain(far.id);
    expect(users.map((u) => u.distance)).toEqual(points.map((p) => bucketBetween(here, p)));
    expect(users[0]).toMatchObject({
      uid: people[0]?.id,
      nickname: people[0]?.nickname,
      sex: 1,
      car_model: 'Model Y',
      distance: 100,
      distance_text: '100米内',
      is_online: false,
      isfollow: false,
    });
    for (const user of users) expect(user.distance_text).toBe(distanceBucketText(user.distance));
    expectPeopleShape(users);
    expectNoCoordinates(users, [here, ...points]);
  });

  it('never shows the viewer themself, and marks whom the viewer follows', async () => {
    const here = newArea();
    const viewer = await personAt(t, here);
    const other = await personAt(t, offset(here, 300, 0));
    await follow(viewer, other);
    const { users } = await radar(viewer, here);
    expect(ids(users)).toEqual([other.id]);
    expect(users[0]?.isfollow).toBe(true);
  });

  it('keeps to the radius (km), and caps it at the largest radius', async () => {
    const here = newArea();
    const at3 = await personAt(t, offset(here, 3000, 0));
    const at40 = await personAt(t, offset(here, 0, 40_000));
    const viewer = await newPerson(t);
    expect(ids((await radar(viewer, here, { radius: 1 })).users)).toEqual([]);
    expect(ids((await radar(viewer, here, { radius: 3.5 })).users)).toEqual([at3.id]);
    // 1000 km is capped at NEARBY_MAX_RADIUS_KM (50): the person 40 km away is in it.
    expect(ids((await radar(viewer, here, { radius: 1000 })).users)).toEqual([at3.id, at40.id]);
    // The default radius is 5 km.
    expect(ids((await radar(viewer, here)).users)).toEqual([at3.id]);
  });

  it('filters by sex and by a word of the car model', async () => {
    const here = newArea();
    const man = await personAt(t, offset(here, 200, 0), { sex: 1, carModel: '特斯拉 Model 3' });
    const woman = await personAt(t, offset(here, 400, 0), { sex: 2, carModel: '小鹏 P7' });
    const unknown = await personAt(t, offset(here, 600, 0), { sex: 0, carModel: 'model y' });
    const viewer = await newPerson(t);
    expect(ids((await radar(viewer, here, { sex: 1 })).users)).toEqual([man.id]);
    expect(ids((await radar(viewer, here, { sex: '2' })).users)).toEqual([woman.id]);
    expect(ids((await radar(viewer, here, { sex: '' })).users).sort()).toEqual([man.id, woman.id, unknown.id].sort());
    expect(ids((await radar(viewer, here, { model: 'MODEL' })).users).sort()).toEqual([man.id, unknown.id].sort());
    expect(ids((await radar(viewer, here, { model: 'p7' })).users)).toEqual([woman.id]);
    // LIKE's wildcards are taken literally.
    expect((await radar(viewer, here, { model: '%' })).users).toEqual([]);
    await expectBadInput(radar(viewer, here, { sex: 3 }));
  });

  it('answers at most `limit` people, and never more than RADAR_LIMIT', async () => {
    const here = newArea();
    for (let i = 0; i < RADAR_LIMIT + 3; i += 1) {
      const user = await createUser(t.app.db);
      await placeAt(t.app.db, user.id, offset(here, (i % 8) * 150, Math.floor(i / 8) * 150));
    }
    const viewer = await newPerson(t);
    expect((await radar(viewer, here, { limit: 5 })).users).toHaveLength(5);
    expect((await radar(viewer, here, { limit: 1000 })).users).toHaveLength(RADAR_LIMIT);
    expect((await radar(viewer, here)).users).toHaveLength(RADAR_LIMIT);
    await expectBadInput(radar(viewer, here, { limit: 0 }));
  });

  it('answers the first `limit` of the whole ordered list, whatever the limit and the filters', async () => {
    const here = newArea();
    // Men crowd the first cells; the women are farther out, one or two per bucket.
    const men: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const man = await createUser(t.app.db, { sex: 1 });
      await placeAt(t.app.db, man.id, offset(here, (i % 4) * 40, Math.floor(i / 4) * 40));
      men.push(man.id);
    }
    const women: number[] = [];
    for (const north of [700, 800, 1600, 2400, 2450, 3900]) {
      const woman = await createUser(t.app.db, { sex: 2 });
      await placeAt(t.app.db, woman.id, offset(here, north, 0));
      women.push(woman.id);
    }
    const viewer = await newPerson(t);
    const everyone = ids((await radar(viewer, here)).users);
    expect(everyone).toHaveLength(18);
    const womenOnly = ids((await radar(viewer, here, { sex: 2 })).users);
    expect(womenOnly.sort()).toEqual([...women].sort());
    for (const limit of [1, 3, 12, 13, 15]) {
      expect(ids((await radar(viewer, here, { limit })).users)).toEqual(everyone.slice(0, limit));
    }
    // The nearest women are beyond every man: the reach follows the filter.
    const orderedWomen = everyone.filter((id) => women.includes(id));
    for (const limit of [1, 2, 4]) {
      expect(ids((await radar(viewer, here, { sex: 2, limit })).users)).toEqual(orderedWomen.slice(0, limit));
    }
    // Pages of the list, one after another, are the whole list.
    const pages: number[] = [];
    for (let page = 1; page <= 4; page += 1) {
      pages.push(...ids((await viewer.api.call(nearbyPeople, { ...here, page, size: 5 })).items));
    }
    expect(pages).toEqual(everyone);
  });

  it('orders a bucket by the stable tiebreak of viewer and person, the same on every call', async () => {
    const here = newArea();
    // Eight people in the viewer's own cell: all in the first bucket.
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => personAt(t, offset(here, i * 5, i * 5))));
    const viewer = await newPerson(t);
    const first = ids((await radar(viewer, here)).users);
    const expected = people
      .map((p) => p.id)
      .sort((a, b) => stableTiebreak(viewer.id, a) - stableTiebreak(viewer.id, b) || a - b);
    expect(first).toEqual(expected);
    expect(ids((await radar(viewer, here)).users)).toEqual(first);
    // Not simply by id (eight ids in a row ordered by a hash: 1 in 40,320 to be sorted).
    expect(first).not.toEqual([...first].sort((a, b) => a - b));
  });

  it('refuses bad input with a clear answer', async () => {
    const viewer = await newPerson(t);
    const here = newArea();
    await expectBadInput(radar(viewer, { latitude: 91, longitude: 110 }));
    await expectBadInput(radar(viewer, { latitude: 30, longitude: -180.5 }));
    await expectBadInput(radar(viewer, here, { latitude: 'abc' }));
    await expectBadInput(radar(viewer, here, { radius: 0 }));
    await expectBadInput(radar(viewer, here, { radius: -3 }));
    await expectBadInput(radar(viewer, here, { radius: 'Infinity' }));
    await expectBadInput(radar(viewer, here, { model: 'x'.repeat(200) }));
    // Both coordinates or neither.
    await expectBadInput(viewer.api.call(radarUsers, { latitude: 30 }));
    // Nothing was stored by refused calls.
    const rows = await t.app.db.select().from(nearbyPositions).where(eq(nearbyPositions.userId, viewer.id));
    expect(rows).toEqual([]);
  });

  it('needs login', async () => {
    const error = await apiFailure(t.api.call(radarUsers, newArea()));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('the point answers are measured from', () => {
  it('is the viewer’s stored position: a query point counts as a report, at most one per interval', async () => {
    const here = newArea();
    const elsewhere = newArea();
    const nearHere = await personAt(t, offset(here, 100, 0));
    const nearElsewhere = await personAt(t, offset(elsewhere, 100, 0));
    const viewer = await newPerson(t);

    expect(ids((await radar(viewer, here)).users)).toEqual([nearHere.id]);
    // Asked from another city seconds later: still measured from the stored position.
    expect(ids((await radar(viewer, elsewhere)).users)).toEqual([nearHere.id]);
    // Once the interval has passed, the new point is stored and measured from.
    await backdate(t.app.db, viewer.id, { locatedSecondsAgo: 31 });
    expect(ids((await radar(viewer, elsewhere)).users)).toEqual([nearElsewhere.id]);
  });

  it('without a query point is the stored fresh one; with none, NEARBY_LOCATION_REQUIRED', async () => {
    const here = newArea();
    const other = await personAt(t, offset(here, 100, 0));
    const viewer = await newPerson(t);
    await expectError(radar(viewer, null), 'NEARBY_LOCATION_REQUIRED');
    await expectError(viewer.api.call(activeUsers, {}), 'NEARBY_LOCATION_REQUIRED');
    await expectError(viewer.api.call(nearbyPeople, {}), 'NEARBY_LOCATION_REQUIRED');

    await placeAt(t.app.db, viewer.id, here);
    expect(ids((await radar(viewer, null)).users)).toEqual([other.id]);

    await backdate(t.app.db, viewer.id, { locatedSecondsAgo: LOCATION_TTL_HOURS * 3600 + 60 });
    await expectError(radar(viewer, null), 'NEARBY_LOCATION_REQUIRED');
  });

  it('defeats trilateration: three points ~50 m apart around a person give the same answer', async () => {
    const here = newArea();
    const targetCell = snapPoint(offset(here, 1230, 870));
    const target = await personAt(t, offset(targetCell, -20, 35));
    // Another person in the same cell as the target, a few tens of metres from them.
    const beside = await personAt(t, offset(targetCell, 40, -30));
    const attacker = await newPerson(t);

    const answers: NearbyPerson[][] = [];
    // Within the interval: the later points are not even stored.
    for (const [north, east] of [
      [0, 0],
      [50, 0],
      [0, 50],
    ] as const) {
      answers.push((await radar(attacker, offset(here, north, east))).users);
    }
    // Each stored (the interval passed): the points share the attacker's cell.
    for (const [north, east] of [
      [-25, -25],
      [25, 25],
      [-40, 30],
    ] as const) {
      await backdate(t.app.db, attacker.id, { locatedSecondsAgo: 31 });
      answers.push((await radar(attacker, offset(here, north, east))).users);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const [a, b] = [answers[0]?.find((u) => u.uid === target.id), answers[0]?.find((u) => u.uid === beside.id)];
    // Same cell, same bucket, whichever of the two is nearer.
    expect(a?.distance).toBe(b?.distance);
    expect(a?.distance).toBe(bucketBetween(here, targetCell));
  });
});

describe('who never appears', () => {
  it('a position older than LOCATION_TTL_HOURS appears nowhere', async () => {
    const here = newArea();
    const stale = await personAt(t, offset(here, 200, 0));
    const fresh = await personAt(t, offset(here, 400, 0));
    await backdate(t.app.db, stale.id, { locatedSecondsAgo: LOCATION_TTL_HOURS * 3600 + 1 });
    const viewer = await personAt(t, here);

    expect(ids((await radar(viewer, here)).users)).toEqual([fresh.id]);
    expect(ids((await viewer.api.call(activeUsers, here)).users)).toEqual([fresh.id]);
    expect(ids((await viewer.api.call(nearbyPeople, here)).items)).toEqual([fresh.id]);
    expect((await countPeopleAround(t.app.db, viewer.id, here, 5000)).total).toBe(1);
    expect(await userIdsWithin(t.app.db, here, 5000)).toEqual([fresh.id, viewer.id].sort((x, y) => x - y));
  });

  it('an invisible person appears in no list, radar or count, and still sees others', async () => {
    const here = newArea();
    const hidden = await personAt(t, offset(here, 200, 0));
    const shown = await personAt(t, offset(here, 400, 0));
    const viewer = await personAt(t, here);
    await hidden.api.call(updateVisibility, { is_invisible: '1' });

    expect(ids((await radar(viewer, here)).users)).toEqual([shown.id]);
    expect(ids((await viewer.api.call(activeUsers, here)).users)).toEqual([shown.id]);
    expect(ids((await viewer.api.call(nearbyPeople, here)).items)).toEqual([shown.id]);
    expect(await countPeopleAround(t.app.db, viewer.id, here, 5000)).toEqual({
      total: 1,
      buckets: [{ distance: 500, count: 1 }],
    });
    // Teams may still tell them of a team nearby.
    expect(await userIdsWithin(t.app.db, here, 5000, { excludeIds: [viewer.id] })).toEqual(
      [hidden.id, shown.id].sort((x, y) => x - y),
    );
    // They still see the others.
    expect(ids((await radar(hidden, null)).users).sort()).toEqual([shown.id, viewer.id].sort());

    await hidden.api.call(updateVisibility, { is_invisible: 0 });
    expect(ids((await radar(viewer, here)).users).sort()).toEqual([hidden.id, shown.id].sort());
  });

  it('people blocked either way never see each other', async () => {
    const here = newArea();
    const blocker = await personAt(t, here);
    const blocked = await personAt(t, offset(here, 200, 0));
    const bystander = await personAt(t, offset(here, 400, 0));
    await block(blocker, blocked);

    for (const [viewer, other] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const seen = [
        ids((await radar(viewer, null)).users),
        ids((await viewer.api.call(activeUsers, {})).users),
        ids((await viewer.api.call(nearbyPeople, {})).items),
      ];
      for (const list of seen) {
        expect(list).not.toContain(other.id);
        expect(list).toContain(bystander.id);
      }
      expect((await countPeopleAround(t.app.db, viewer.id, here, 5000)).total).toBe(1);
    }
  });

  it('a deleted account appears nowhere, and its row goes with it', async () => {
    const here = newArea();
    const leaving = await personAt(t, offset(here, 200, 0));
    const viewer = await personAt(t, here);
    expect(ids((await radar(viewer, null)).users)).toEqual([leaving.id]);

    await leaving.api.call(deleteAccount, { confirm: '注销' });
    await settleEvents(t.app.db);
    expect((await radar(viewer, null)).users).toEqual([]);
    expect(await userIdsWithin(t.app.db, here, 5000)).toEqual([viewer.id]);
    const rows = await t.app.db.select().from(nearbyPositions).where(eq(nearbyPositions.userId, leaving.id));
    expect(rows).toEqual([]);
  });
});

describe('active users (GET active-users)', () => {
  it('answers those who reported or were connected within the last 30 minutes', async () => {
    const here = newArea();
    const reported = await personAt(t, offset(here, 100, 0));
    const connected = await personAt(t, offset(here, 300, 0));
    const idle = await personAt(t, offset(here, 500, 0));
    await backdate(t.app.db, connected.id, { locatedSecondsAgo: 3 * 3600, seenSecondsAgo: 10 * 60 });
    await backdate(t.app.db, idle.id, { locatedSecondsAgo: 31 * 60, seenSecondsAgo: 40 * 60 });
    const viewer = await newPerson(t);

    const { users } = await viewer.api.call(activeUsers, { ...here, radius: 5 });
    expect(ids(users)).toEqual([reported.id, connected.id]);
    expectPeopleShape(users);
    expectNoCoordinates(users, [here]);
    // The radar shows the idle one too: their position is still fresh.
    expect(ids((await radar(viewer, null)).users)).toContain(idle.id);
  });

  it('needs login and refuses bad input', async () => {
    expect((await apiFailure(t.api.call(activeUsers, newArea()))).status).toBe(STATUS.NOT_LOGGED_IN);
    const viewer = await newPerson(t);
    await expectBadInput(viewer.api.call(activeUsers, { latitude: -91, longitude: 0 }));
    await expectBadInput(viewer.api.call(activeUsers, { ...newArea(), radius: 'far' }));
  });
});

describe('people nearby (GET /api/v1/user/info/nearby)', () => {
  it('pages the people within km, in the radar’s order', async () => {
    const here = newArea();
    const people = await Promise.all(
      [150, 700, 1800, 2900, 3600].map((north) => personAt(t, offset(here, north, 0), { sex: 2 })),
    );
    const viewer = await newPerson(t);
    const first = await viewer.api.call(nearbyPeople, { ...here, size: 2, page: 1 });
    const second = await viewer.api.call(nearbyPeople, { ...here, size: 2, page: 2 });
    const third = await viewer.api.call(nearbyPeople, { ...here, size: 2, page: 3 });
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect([...first.items, ...second.items, ...third.items].map((p) => p.uid)).toEqual(people.map((p) => p.id));
    expect(ids((await viewer.api.call(nearbyPeople, { ...here, km: 2 })).items)).toEqual(
      people.slice(0, 3).map((p) => p.id),
    );
    expect((await viewer.api.call(nearbyPeople, { ...here, sex: 1 })).items).toEqual([]);
    const all = await viewer.api.call(nearbyPeople, here);
    expectPeopleShape(all.items);
    expectNoCoordinates(all, [here]);
  });

  it('tag: following, vip and active', async () => {
    const here = newArea();
    const followed = await personAt(t, offset(here, 100, 0));
    const vip = await personAt(t, offset(here, 300, 0), { vipUntil: new Date(Date.now() + 86_400_000) });
    const idle = await personAt(t, offset(here, 700, 0));
    await backdate(t.app.db, idle.id, { locatedSecondsAgo: 2 * 3600 });
    const viewer = await newPerson(t);
    await follow(viewer, followed);
    const tagged = async (tag: string) => ids((await viewer.api.call(nearbyPeople, { ...here, tag })).items);
    expect(await tagged('following')).toEqual([followed.id]);
    expect(await tagged('vip')).toEqual([vip.id]);
    expect(await tagged('active')).toEqual([followed.id, vip.id]);
    expect(await tagged('')).toEqual([followed.id, vip.id, idle.id]);
    await expectBadInput(viewer.api.call(nearbyPeople, { ...here, tag: 'nearest' }));
    // Page numbers past the last page are refused, not overflowed.
    await expectBadInput(viewer.api.call(nearbyPeople, { ...here, page: NEARBY_MAX_PAGE + 1 }));
    await expectBadInput(viewer.api.call(nearbyPeople, { ...here, page: '1e20' }));
    expect((await viewer.api.call(nearbyPeople, { ...here, page: NEARBY_MAX_PAGE })).items).toEqual([]);
  });

  it('needs login', async () => {
    expect((await apiFailure(t.api.call(nearbyPeople, newArea()))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});
