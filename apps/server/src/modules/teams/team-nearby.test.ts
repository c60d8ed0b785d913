// Teams around a point: nearby-teams, radar-teams and user-stats. Distances are buckets
// between snapped points, lists go by bucket then a stable order, and nothing answered
// locates a team or a person.
import {
  cancelTeam,
  distanceBucket,
  distanceBucketText,
  NEARBY_PEOPLE_RADIUS_KM,
  NEARBY_PLACES_RADIUS_KM,
  nearbyTeams,
  RADAR_LIMIT,
  radarTeams,
  userStats,
} from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { block, expectBadInput, expectError } from '../chat/chat.test-helper.ts';
import { snapPoint } from '../nearby/index.ts';
import {
  expectNoCoordinates,
  expireTeam,
  newPeople,
  offset,
  type Point,
  reportAt,
  spotsFrom,
  startTeam,
} from './teams.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** 外滩 and the teams around it: each test uses its own spot, far from the others. */
const newSpot = spotsFrom({ latitude: 31.24, longitude: 121.49 }, 0.5);

/** Metres between two points on earthdistance's sphere (its earth() radius). */
function metres(a: Point, b: Point): number {
  const radius = 6_378_168;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * radius * Math.asin(Math.sqrt(h));
}

/** The bucket a viewer at `viewer` is answered for a team at `team`: both snapped first. */
function expectedBucket(viewer: Point, team: Point): number {
  return distanceBucket(metres(snapPoint(viewer), snapPoint(team)));
}

async function nearby(who: Person, at: Point, extra: Record<string, unknown> = {}) {
  return who.api.call(nearbyTeams, { ...at, ...extra });
}

describe('nearby-teams', () => {
  it('lists the active teams within the radius by distance bucket, nearest first, with no coordinates', async () => {
    const spot = newSpot();
    const [viewer, a, b, c, d] = await newPeople(t, 5);
    const points = { near: offset(30, 20, spot), mid: offset(1700, 0, spot), far: offset(0, 8200, spot) };
    const near = await startTeam(a, { title: '近', ...points.near });
    const far = await startTeam(b, { title: '远', ...points.far });
    const mid = await startTeam(c, { title: '中', ...points.mid });
    const beyond = await startTeam(d, { title: '太远', ...offset(12_000, 0, spot) });

    const answer = await nearby(viewer, spot);
    expect(answer.items.map((card) => card.title)).toEqual(['近', '中', '远']);
    expect(answer.hasMore).toBe(false);
    for (const [id, point] of [
      [near, points.near],
      [mid, points.mid],
      [far, points.far],
    ] as const) {
      const card = answer.items.find((item) => item.team_id === String(id));
      const bucket = expectedBucket(spot, point);
      expect(card).toMatchObject({ distance: bucket, distance_text: distanceBucketText(bucket), my_role: 'none' });
    }
    expect(answer.items.map((card) => card.team_id)).not.toContain(String(beyond));
    expectNoCoordinates(answer, [spot, ...Object.values(points), ...Object.values(points).map(snapPoint)]);

    // A wider radius reaches it; the radius is capped at NEARBY_MAX_RADIUS_KM.
    const wide = await nearby(viewer, spot, { radius: 20 });
    expect(wide.items.map((card) => card.title)).toEqual(['近', '中', '远', '太远']);
    expect((await nearby(viewer, spot, { radius: 100_000 })).items).toHaveLength(4);
  });

  it('leaves out expired, cancelled and disbanded teams, and teams of people blocked either way', async () => {
    const spot = newSpot();
    const [viewer, a, b, c, d, mine] = await newPeople(t, 6);
    const expired = await startTeam(a, { ...spot, title: '过期' });
    const cancelled = await startTeam(b, { ...spot, title: '取消' });
    await startTeam(c, { ...spot, title: '屏蔽了我' });
    await startTeam(d, { ...spot, title: '我屏蔽的' });
    await startTeam(mine, { ...spot, title: '正常' });
    await expireTeam(t, expired);
    await b.api.call(cancelTeam, { team_id: cancelled });
    await block(c, viewer);
    await block(viewer, d);
    expect((await nearby(viewer, spot)).items.map((card) => card.title)).toEqual(['正常']);
    // The creator sees their own team too (and the teams of people nobody blocked).
    const theirs = (await nearby(mine, spot)).items.map((card) => [card.title, card.my_role]);
    expect(theirs).toHaveLength(3);
    expect(theirs).toContainEqual(['正常', 'creator']);
  });

  it('pages in one stable order: the same teams, the same order, from points a few metres apart', async () => {
    const spot = newSpot();
    const creators = await newPeople(t, 7);
    for (const [i, creator] of creators.entries())
      await startTeam(creator, { ...offset(i * 7, 0, spot), title: `同桶 ${i}` });
    const viewer = await newPerson(t);
    const all = (await nearby(viewer, spot)).items.map((card) => card.team_id);
    expect(all).toHaveLength(7);
    const first = await nearby(viewer, offset(40, 0, spot), { size: 3, page: 1 });
    const second = await nearby(viewer, offset(0, 45, spot), { size: 3, page: 2 });
    const third = await nearby(viewer, offset(-40, -30, spot), { size: 3, page: 3 });
    expect([...first.items, ...second.items, ...third.items].map((card) => card.team_id)).toEqual(all);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    // Three points about 50 m apart: the very same answer (distances and order).
    const answers = await Promise.all(
      [offset(50, 0, spot), offset(0, 50, spot), offset(-35, -35, spot)].map(async (point) =>
        (await nearby(viewer, point)).items.map((card) => [card.team_id, card.distance]),
      ),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses bad points with a Chinese message', async () => {
    const viewer = await newPerson(t);
    await expectBadInput(viewer.api.call(nearbyTeams, { latitude: 91, longitude: 121 }));
    await expectBadInput(viewer.api.call(nearbyTeams, { latitude: 31, longitude: '' as never }));
    await expectBadInput(viewer.api.call(nearbyTeams, { latitude: 31, longitude: 121, radius: -1 }));
  });

  it('takes a subnormal point or radius (5e-324) as 0 and 1 m rather than failing in the distance query', async () => {
    // Found by the contract fuzzing (issue 22): PostgreSQL answered "value out of range: underflow".
    const viewer = await newPerson(t);
    expect((await nearby(viewer, { latitude: 0, longitude: 0 }, { radius: 5e-324 })).items).toEqual([]);
    expect((await nearby(viewer, { latitude: 5e-324, longitude: -5e-324 })).items).toEqual([]);
  });
});

describe('radar-teams', () => {
  it('measures from the stored position when no point is sent, and asks for one when there is none', async () => {
    const spot = newSpot();
    const [viewer, creator, nobody] = await newPeople(t, 3);
    await startTeam(creator, { ...offset(300, 0, spot), title: '雷达上的车队' });
    await startTeam(creator, { ...offset(0, 7000, spot), title: '雷达外的车队' });
    await reportAt(viewer, spot);
    const { teams } = await viewer.api.call(radarTeams, {});
    expect(teams.map((card) => card.title)).toEqual(['雷达上的车队']);
    expect(teams[0]?.distance).toBe(expectedBucket(spot, offset(300, 0, spot)));
    expectNoCoordinates(teams);
    expect((await viewer.api.call(radarTeams, { radius: 10 })).teams).toHaveLength(2);
    expect((await viewer.api.call(radarTeams, { radius: 10, limit: 1 })).teams).toHaveLength(1);
    expect((await viewer.api.call(radarTeams, { radius: 10, limit: RADAR_LIMIT * 10 })).teams).toHaveLength(2);

    await expectError(nobody.api.call(radarTeams, {}), 'NEARBY_LOCATION_REQUIRED');
    await expectBadInput(nobody.api.call(radarTeams, { latitude: 31 }));
    expect((await nobody.api.call(radarTeams, { ...spot })).teams).toHaveLength(1);
  });
});

describe('user-stats', () => {
  it('counts visible people and active teams around by bucket, leaving out the viewer, invisible and blocked people', async () => {
    const spot = newSpot();
    const [viewer, near, mid, invisible, blocked, creator] = await newPeople(t, 6);
    await reportAt(near, offset(20, 0, spot));
    await reportAt(mid, offset(2400, 0, spot));
    await reportAt(invisible, offset(10, 10, spot), 1);
    await reportAt(blocked, offset(0, 20, spot));
    await block(blocked, viewer);
    await startTeam(creator, { ...offset(900, 0, spot), title: '统计车队' });
    await startTeam(creator, { ...offset(0, 9000, spot), title: '统计车队 2' });

    const stats = await viewer.api.call(userStats, spot);
    const nearBucket = expectedBucket(spot, offset(20, 0, spot));
    const midBucket = expectedBucket(spot, offset(2400, 0, spot));
    expect(stats.people).toEqual({
      total: 2,
      radius_km: NEARBY_PEOPLE_RADIUS_KM,
      buckets: [
        { distance: nearBucket, distance_text: distanceBucketText(nearBucket), count: 1 },
        { distance: midBucket, distance_text: distanceBucketText(midBucket), count: 1 },
      ],
    });
    const teamBuckets = [expectedBucket(spot, offset(900, 0, spot)), expectedBucket(spot, offset(0, 9000, spot))];
    expect(stats.teams).toEqual({
      total: 2,
      radius_km: NEARBY_PLACES_RADIUS_KM,
      buckets: teamBuckets.map((distance) => ({ distance, distance_text: distanceBucketText(distance), count: 1 })),
    });
    expectNoCoordinates(stats, [spot]);
    await expectBadInput(viewer.api.call(userStats, { latitude: 31 } as never));
  });
});
