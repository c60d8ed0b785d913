// Team notifications (/notification 车队): a team started nearby (within its notify radius,
// at most a few an hour each, never across a block), joins of one's team (collapsed), and
// a team cancelled or disbanded.
import {
  cancelTeam,
  disbandTeam,
  type Notification,
  notifyTeam,
  respondTeam,
  TEAM_NEARBY_NOTICES_PER_HOUR,
} from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { block } from '../chat/chat.test-helper.ts';
import { newPeople, offset, reportAt, spotsFrom, startTeam } from './teams.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A place of each test's own, far from the others' (notify radii reach 50 km). */
const newSpot = spotsFrom({ latitude: 22.5, longitude: 114.05 }, 1);

/** `who`'s team notifications once the after-commit work of what was done has run. */
async function teamNoticesOf(who: Person): Promise<Notification[]> {
  await settleEvents(t.app.db);
  return (await who.api.call(notifyTeam, { size: 100 })).items;
}

describe('a team started nearby', () => {
  it('tells the people within its notify radius, but not its creator, people beyond it, or blocks either way', async () => {
    const spot = newSpot();
    const [creator, near, invisible, far, blocked, blocker] = await newPeople(t, 6);
    await reportAt(creator, spot);
    await reportAt(near, offset(1500, 0, spot));
    await reportAt(invisible, offset(0, 2000, spot), 1);
    await reportAt(far, offset(0, 6500, spot));
    await reportAt(blocked, offset(100, 0, spot));
    await reportAt(blocker, offset(0, 100, spot));
    await block(creator, blocked);
    await block(blocker, creator);

    const teamId = await startTeam(creator, { ...spot, title: '深圳湾夜骑', push_notify: 1, notify_radius: 5 });
    for (const who of [near, invisible]) {
      const [notice, ...rest] = await teamNoticesOf(who);
      expect(rest).toEqual([]);
      expect(notice).toMatchObject({
        category: 'team',
        action: 'team_nearby',
        text: `${creator.nickname}在附近发起了车队「深圳湾夜骑」`,
        title: '深圳湾夜骑',
        content: '周六早上 8 点人民广场集合',
        link: `/team/${teamId}`,
        actors: [{ uid: creator.id, nickname: creator.nickname, avatar: '' }],
        is_read: false,
      });
      expect((await who.api.call(notifyTeam, {})).unread.team).toBe(1);
    }
    for (const who of [creator, far, blocked, blocker]) expect(await teamNoticesOf(who)).toEqual([]);

    // Without push_notify nobody is told.
    const quiet = await newPerson(t);
    await startTeam(quiet, { ...spot, title: '不打扰' });
    expect(await teamNoticesOf(near)).toHaveLength(1);
  });

  it(`tells one person of at most ${TEAM_NEARBY_NOTICES_PER_HOUR} teams an hour, also when they start at once`, async () => {
    const spot = newSpot();
    const neighbour = await newPerson(t);
    await reportAt(neighbour, spot);
    const creators = await newPeople(t, TEAM_NEARBY_NOTICES_PER_HOUR + 2);
    await Promise.all(
      creators.map((creator, i) => startTeam(creator, { ...spot, title: `车队 ${i}`, push_notify: 1 })),
    );
    expect(await teamNoticesOf(neighbour)).toHaveLength(TEAM_NEARBY_NOTICES_PER_HOUR);
    const late = await newPerson(t);
    await startTeam(late, { ...spot, title: '晚来的', push_notify: 1 });
    expect(await teamNoticesOf(neighbour)).toHaveLength(TEAM_NEARBY_NOTICES_PER_HOUR);
  });
});

describe('a team one is in', () => {
  it('tells its members who joined, gathered per team while unread, never across a block', async () => {
    const [creator, first, second, blocker] = await newPeople(t, 4);
    const teamId = await startTeam(creator, { title: '千岛湖' });
    await first.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await second.api.call(respondTeam, { team_id: teamId, action: 'on_way' });
    await block(blocker, creator);

    const [gathered, ...rest] = await teamNoticesOf(creator);
    expect(rest).toEqual([]);
    expect(gathered).toMatchObject({
      action: 'team_join',
      actor_count: 2,
      text: `${second.nickname}、${first.nickname}加入了车队「千岛湖」`,
      link: `/team/${teamId}`,
    });
    expect((await teamNoticesOf(first)).map((n) => n.text)).toEqual([`${second.nickname}加入了车队「千岛湖」`]);
    expect(await teamNoticesOf(second)).toEqual([]);

    // Someone who blocked the creator joins a team the creator is in: its creator is told, the
    // creator is not.
    const other = await newPerson(t);
    const otherTeam = await startTeam(other, { title: '别的车队' });
    await creator.api.call(respondTeam, { team_id: otherTeam, action: 'join' });
    await blocker.api.call(respondTeam, { team_id: otherTeam, action: 'join' });
    expect((await teamNoticesOf(creator)).map((n) => n.title)).toEqual(['千岛湖']);
    expect((await teamNoticesOf(other)).map((n) => n.actor_count)).toEqual([2]);
  });

  it('tells the members when the creator cancels or disbands; a disbanded team’s links lead nowhere', async () => {
    const [creator, member] = await newPeople(t, 2);
    const cancelled = await startTeam(creator, { title: '取消的' });
    const disbanded = await startTeam(creator, { title: '解散的' });
    for (const teamId of [cancelled, disbanded])
      await member.api.call(respondTeam, { team_id: teamId, action: 'join' });
    await creator.api.call(cancelTeam, { team_id: cancelled });
    await creator.api.call(disbandTeam, { team_id: disbanded });

    const notices = await teamNoticesOf(member);
    expect(notices.map((n) => [n.action, n.text, n.link])).toEqual([
      ['team_disbanded', `${creator.nickname}解散了车队「解散的」`, ''],
      ['team_cancelled', `${creator.nickname}取消了车队「取消的」`, `/team/${cancelled}`],
    ]);
    // The creator's own notices of joins to the disbanded team lead nowhere either.
    const mine = await teamNoticesOf(creator);
    expect(mine.map((n) => [n.title, n.link])).toEqual([
      ['解散的', ''],
      ['取消的', `/team/${cancelled}`],
    ]);
  });
});
