// Reports, the visibility switch and presence through the API: report-location and its
// interval, visibility-status and update-visibility, user-online-status from the realtime
// connections (coarse times, invisibility, blocks), and last-seen times kept by sockets.

import { EventEmitter } from 'node:events';
import {
  blockAct,
  deleteAccount,
  reportLocation,
  STATUS,
  updateVisibility,
  userOnlineStatus,
  visibilityStatus,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { useListeningTestApp } from '../../../test/sockets.ts';
import { settleEvents } from '../../platform/events.ts';
import type { UserSocket } from '../../platform/realtime.ts';
import { block, expectBadInput } from '../chat/chat.test-helper.ts';
import { nearbyPositions } from './nearby.tables.ts';
import { backdate, expectNoCoordinates, newArea, offset } from './nearby.test-helper.ts';
import { freshPositionOf, snapPoint } from './positions.ts';
import { lastActiveText, touchLastSeen, trackPresence } from './presence.service.ts';

const server = useListeningTestApp();

async function rowOf(userId: number) {
  const [row] = await server.t.app.db.select().from(nearbyPositions).where(eq(nearbyPositions.userId, userId));
  return row;
}

/** Waits (up to 5 s) until `check` holds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens a socket for `person` and waits until the server has marked them seen. */
async function connect(person: Person): Promise<Socket> {
  const before = (await rowOf(person.id))?.lastSeenAt?.getTime() ?? 0;
  const inbox = await server.open(person.token);
  await until(async () => ((await rowOf(person.id))?.lastSeenAt?.getTime() ?? 0) > before);
  return inbox.socket;
}

function status(viewer: Person, uid: number) {
  return viewer.api.call(userOnlineStatus, { uid });
}

describe('POST report-location', () => {
  it('stores the position snapped to the grid, at most once per interval', async () => {
    const me = await newPerson(server.t);
    const here = offset(newArea(), 37, -61);
    expect(await me.api.call(reportLocation, { ...here })).toEqual({ stored: true, is_invisible: 0 });
    expect(await freshPositionOf(server.t.app.db, me.id)).toEqual(snapPoint(here));
    // The exact point is never stored.
    const row = await rowOf(me.id);
    expect(row?.latitude).not.toBe(here.latitude);

    const moved = offset(here, 3000, 0);
    expect(await me.api.call(reportLocation, { ...moved })).toEqual({ stored: false, is_invisible: 0 });
    expect(await freshPositionOf(server.t.app.db, me.id)).toEqual(snapPoint(here));

    await backdate(server.t.app.db, me.id, { locatedSecondsAgo: 31 });
    expect(await me.api.call(reportLocation, { ...moved })).toEqual({ stored: true, is_invisible: 0 });
    expect(await freshPositionOf(server.t.app.db, me.id)).toEqual(snapPoint(moved));
  });

  it('two reports at once store one', async () => {
    const me = await newPerson(server.t);
    const here = newArea();
    const answers = await Promise.all(
      [0, 1000, 2000, 3000].map((north) => me.api.call(reportLocation, offset(here, north, 0))),
    );
    expect(answers.filter((a) => a.stored)).toHaveLength(1);
  });

  it('sets the visibility switch when is_invisible is sent, and leaves it otherwise', async () => {
    const me = await newPerson(server.t);
    const here = newArea();
    expect(await me.api.call(reportLocation, { ...here, is_invisible: '1' })).toEqual({
      stored: true,
      is_invisible: 1,
    });
    // Within the interval the position is not stored, but the switch is.
    expect(await me.api.call(reportLocation, { ...here })).toEqual({ stored: false, is_invisible: 1 });
    expect(await me.api.call(reportLocation, { ...here, is_invisible: 0 })).toEqual({
      stored: false,
      is_invisible: 0,
    });
    expect(await me.api.call(visibilityStatus, {})).toEqual({ is_invisible: 0 });
  });

  it('refuses coordinates out of range or not numbers, and stores nothing', async () => {
    const me = await newPerson(server.t);
    for (const body of [
      { latitude: 90.0001, longitude: 0 },
      { latitude: -91, longitude: 0 },
      { latitude: 0, longitude: 180.5 },
      { latitude: 0, longitude: -181 },
      { latitude: 'north', longitude: 0 },
      { latitude: '', longitude: 0 },
      { latitude: 'NaN', longitude: 0 },
      { latitude: 'Infinity', longitude: 0 },
      { longitude: 0 },
      { latitude: 10, longitude: 10, is_invisible: 2 },
    ]) {
      await expectBadInput(me.api.call(reportLocation, body as never));
    }
    expect(await rowOf(me.id)).toBeUndefined();
  });

  it('needs login', async () => {
    const error = await apiFailure(server.t.api.call(reportLocation, newArea()));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('visibility', () => {
  it('is 0 until set, and each person sets only their own', async () => {
    const [me, other] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    expect(await me.api.call(visibilityStatus, {})).toEqual({ is_invisible: 0 });
    expect(await me.api.call(updateVisibility, { is_invisible: 1 })).toEqual({ is_invisible: 1 });
    expect(await me.api.call(visibilityStatus, {})).toEqual({ is_invisible: 1 });
    expect(await other.api.call(visibilityStatus, {})).toEqual({ is_invisible: 0 });
    expect(await me.api.call(updateVisibility, { is_invisible: '0' })).toEqual({ is_invisible: 0 });
    expect(await me.api.call(visibilityStatus, {})).toEqual({ is_invisible: 0 });
  });

  it('refuses anything but 0 or 1, and needs login', async () => {
    const me = await newPerson(server.t);
    await expectBadInput(me.api.call(updateVisibility, { is_invisible: 2 as never }));
    await expectBadInput(me.api.call(updateVisibility, { is_invisible: 'yes' as never }));
    await expectBadInput(me.api.call(updateVisibility, {} as never));
    expect(await me.api.call(visibilityStatus, {})).toEqual({ is_invisible: 0 });
    expect((await apiFailure(server.t.api.call(visibilityStatus, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect((await apiFailure(server.t.api.call(updateVisibility, { is_invisible: 1 }))).status).toBe(
      STATUS.NOT_LOGGED_IN,
    );
  });
});

describe('GET user-online-status', () => {
  it('is online with 刚刚 while a socket is open, then the coarse time since last seen', async () => {
    const [viewer, other] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '' });

    const socket = await connect(other);
    expect(await status(viewer, other.id)).toEqual({ is_online: true, last_active_time: '刚刚' });

    socket.disconnect();
    await until(async () => !(await status(viewer, other.id)).is_online);
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '刚刚' });

    await backdate(server.t.app.db, other.id, { seenSecondsAgo: 7 * 60 + 5 });
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '7分钟前' });
    await backdate(server.t.app.db, other.id, { seenSecondsAgo: 3 * 3600 + 5 });
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '3小时前' });
    await backdate(server.t.app.db, other.id, { seenSecondsAgo: 25 * 3600 });
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '' });
  });

  it('counts a position report as activity', async () => {
    const [viewer, other] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    await other.api.call(reportLocation, newArea());
    await backdate(server.t.app.db, other.id, { locatedSecondsAgo: 20 * 60 });
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '20分钟前' });
  });

  it('hides someone invisible from others, but not from themself', async () => {
    const [viewer, other] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    await connect(other);
    await other.api.call(updateVisibility, { is_invisible: 1 });
    expect(await status(viewer, other.id)).toEqual({ is_online: false, last_active_time: '' });
    expect(await status(other, other.id)).toEqual({ is_online: true, last_active_time: '刚刚' });
  });

  it('hides people blocked either way from each other', async () => {
    const [blocker, blocked, bystander] = await Promise.all([
      newPerson(server.t),
      newPerson(server.t),
      newPerson(server.t),
    ]);
    await Promise.all([connect(blocker), connect(blocked)]);
    await block(blocker, blocked);
    expect(await status(blocker, blocked.id)).toEqual({ is_online: false, last_active_time: '' });
    expect(await status(blocked, blocker.id)).toEqual({ is_online: false, last_active_time: '' });
    expect(await status(bystander, blocked.id)).toEqual({ is_online: true, last_active_time: '刚刚' });
    // Unblocked, they see each other again.
    await blocker.api.call(blockAct, { uid: blocked.id });
    expect(await status(blocked, blocker.id)).toEqual({ is_online: true, last_active_time: '刚刚' });
  });

  it('answers an unknown account like a hidden one, refuses bad ids, needs login', async () => {
    const viewer = await newPerson(server.t);
    expect(await status(viewer, 987_654_321)).toEqual({ is_online: false, last_active_time: '' });
    await expectBadInput(viewer.api.call(userOnlineStatus, { uid: 'abc' as never }));
    await expectBadInput(viewer.api.call(userOnlineStatus, { uid: 0 }));
    expect((await apiFailure(server.t.api.call(userOnlineStatus, { uid: viewer.id }))).status).toBe(
      STATUS.NOT_LOGGED_IN,
    );
  });

  it('carries no coordinates', async () => {
    const [viewer, other] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    const here = newArea();
    await other.api.call(reportLocation, here);
    expectNoCoordinates(await status(viewer, other.id), [here]);
  });
});

describe('last-active times', () => {
  it('reads coarse: 刚刚 under a minute, minutes, hours, nothing from a day', () => {
    expect([0, 59, 60, 3599, 3600, 86_399, 86_400].map(lastActiveText)).toEqual([
      '刚刚',
      '刚刚',
      '1分钟前',
      '59分钟前',
      '1小时前',
      '23小时前',
      '',
    ]);
  });

  it('while a socket stays open, its person is seen again every refresh', async () => {
    const person = await newPerson(server.t);
    const socket = new EventEmitter() as EventEmitter & { data: { userId: number; token: string } };
    socket.data = { userId: person.id, token: person.token };
    const presence = trackPresence(server.t.app.db, server.t.app.log, 100);
    try {
      presence.socket(socket as unknown as UserSocket);
      await until(async () => (await rowOf(person.id))?.lastSeenAt != null);
      await backdate(server.t.app.db, person.id, { seenSecondsAgo: 3600 });
      await until(async () => ((await rowOf(person.id))?.lastSeenAt?.getTime() ?? 0) > Date.now() - 60_000);
      // Closed: no longer refreshed.
      socket.emit('disconnect', 'client namespace disconnect');
      await new Promise((resolve) => setTimeout(resolve, 150));
      await backdate(server.t.app.db, person.id, { seenSecondsAgo: 3600 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await rowOf(person.id))?.lastSeenAt?.getTime()).toBeLessThan(Date.now() - 3000_000);
    } finally {
      await presence.stop();
    }
  });

  it('marks no deleted account seen', async () => {
    const [live, leaving] = await Promise.all([newPerson(server.t), newPerson(server.t)]);
    await leaving.api.call(deleteAccount, { confirm: '注销' });
    await settleEvents(server.t.app.db);
    await touchLastSeen(server.t.app.db, [live.id, leaving.id]);
    expect((await rowOf(live.id))?.lastSeenAt).toBeInstanceOf(Date);
    expect(await rowOf(leaving.id)).toBeUndefined();
  });

  it('a socket opening or closing marks its person seen', async () => {
    const person = await newPerson(server.t);
    const socket = await connect(person);
    await backdate(server.t.app.db, person.id, { seenSecondsAgo: 600 });
    const before = (await rowOf(person.id))?.lastSeenAt?.getTime() ?? 0;
    socket.disconnect();
    await until(async () => ((await rowOf(person.id))?.lastSeenAt?.getTime() ?? 0) > before);
    // Seen without a position: no position is made up.
    expect(await rowOf(person.id)).toMatchObject({ latitude: null, longitude: null, locatedAt: null });
  });
});
