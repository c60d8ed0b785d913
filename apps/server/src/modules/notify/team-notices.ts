// Team notifications (category 'team'), made after commit from the teams module's events
// (docs/decisions/0017-teams.md): a team started near you (at most
// TEAM_NEARBY_NOTICES_PER_HOUR an hour each), people joining a team you are in (collapsed
// per team while unread), a team you are in cancelled or disbanded. Nobody is told of
// anything by someone they blocked or who blocked them.
import { TEAM_NEARBY_NOTICES_PER_HOUR, teamPath } from '@evcircle/contract';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { AppEvents } from '../../platform/events.ts';
import { users } from '../accounts/index.ts';
import { blockedEitherWayIdsOf, isBlockedEitherWay } from '../relations/index.ts';
import { gatherActor, pushNotification } from './notify.service.ts';
import { notificationActors, notifications } from './notify.tables.ts';
import { excerptOf } from './notify-text.ts';

/**
 * team.created with recipients: each of them, but the creator, deleted accounts, people
 * blocked either way with the creator, and people already told of
 * TEAM_NEARBY_NOTICES_PER_HOUR teams in the last hour, gets one notification. Each
 * recipient's count is read and written under an advisory lock of theirs (taken in id
 * order, so two teams told at once never wait for each other in a circle): two teams
 * started at the same moment cannot both slip under the cap.
 */
export async function notifyTeamNearby(event: AppEvents['team.created'], db: Db): Promise<void> {
  const ids = [...new Set(event.recipientIds)].filter((id) => id !== event.creatorId).sort((a, b) => a - b);
  if (ids.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const told = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('notify:team-nearby:' || id::text, 0)) from (select unnest(array[${idList}]) as id order by 1) ids`,
    );
    const toldThisHour = sql`(select count(*) from ${notifications} n where n.user_id = ${users.id} and n.category = 'team' and n.action = 'team_nearby' and n.created_at > now() - interval '1 hour')`;
    const recipients = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, ids),
          isNull(users.deletedAt),
          notInArray(users.id, blockedEitherWayIdsOf(event.creatorId)),
          sql`${toldThisHour} < ${TEAM_NEARBY_NOTICES_PER_HOUR}`,
        ),
      );
    if (recipients.length === 0) return [];
    const rows = await tx
      .insert(notifications)
      .values(
        recipients.map(({ id }) => ({
          userId: id,
          category: 'team',
          action: 'team_nearby',
          actorId: event.creatorId,
          actorCount: 1,
          teamId: event.teamId,
          title: event.title,
          content: excerptOf(event.description),
          link: teamPath(event.teamId),
        })),
      )
      .returning({ id: notifications.id, userId: notifications.userId });
    await tx
      .insert(notificationActors)
      .values(rows.map((row) => ({ notificationId: row.id, actorId: event.creatorId })));
    return rows;
  });
  for (const row of told) await pushNotification(db, row.userId, row.id);
}

/** team.joined: the team's other members, but those blocked either way with the joiner, gather the joiner. */
export async function notifyTeamJoin(event: AppEvents['team.joined'], db: Db): Promise<void> {
  for (const memberId of event.memberIds) {
    if (memberId === event.userId || (await isBlockedEitherWay(db, memberId, event.userId))) continue;
    const id = await gatherActor(db, {
      userId: memberId,
      category: 'team',
      action: 'team_join',
      groupKey: `team_join:${event.teamId}`,
      actorId: event.userId,
      actorCount: 1,
      teamId: event.teamId,
      title: event.title,
      link: teamPath(event.teamId),
    });
    if (id !== null) await pushNotification(db, memberId, id);
  }
}

/**
 * team.ended: each other member, but those blocked either way with the creator, is told
 * the team was cancelled or disbanded. A disbanded team's notifications (these too) lead
 * nowhere any more: their links are cleared.
 */
export async function notifyTeamEnded(event: AppEvents['team.ended'], db: Db): Promise<void> {
  const isDisbanded = event.change === 'disbanded';
  if (isDisbanded) {
    await db.update(notifications).set({ link: '' }).where(eq(notifications.teamId, event.teamId));
  }
  for (const memberId of event.memberIds) {
    if (memberId === event.creatorId || (await isBlockedEitherWay(db, memberId, event.creatorId))) continue;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: memberId,
          category: 'team',
          action: isDisbanded ? 'team_disbanded' : 'team_cancelled',
          actorId: event.creatorId,
          actorCount: 1,
          teamId: event.teamId,
          title: event.title,
          link: isDisbanded ? '' : teamPath(event.teamId),
        })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notifyTeamEnded: insert returned no row');
      await tx.insert(notificationActors).values({ notificationId: row.id, actorId: event.creatorId });
      return row.id;
    });
    await pushNotification(db, memberId, id);
  }
}
