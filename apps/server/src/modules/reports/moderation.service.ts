import { AppError, type ReportTarget } from '@evcircle/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { deleteComment, findCommentTargets } from '../comments/index.ts';
import { deletePost, findPostTargets } from '../posts/index.ts';
import './reports.events.ts';
import { reports } from './reports.tables.ts';

export type ResolveAction = 'remove' | 'dismiss';

/**
 * Settles a report and, with it, every open report of the same target. `remove`
 * deletes the reported post or comment as a moderator (through the posts and comments
 * services, in the same transaction); reports of a user cannot be settled with `remove`
 * (REPORT_USER_REMOVE: moderators do not delete accounts), only dismissed. `dismiss`
 * keeps the target. Content already gone (deleted by its author meanwhile) is settled
 * as removed without deleting anything. An unknown report is REPORT_NOT_FOUND; one
 * already settled is REPORT_SETTLED. Announces `report.resolved` (the reporters and the
 * author are told, by the notify module).
 *
 * Concurrency: all open reports of the target are locked in id order before anything
 * changes, so two moderators settling reports of one target run one after the other
 * (the second gets REPORT_SETTLED) and never deadlock.
 */
export async function resolveReport(
  db: Db,
  moderatorId: number,
  input: { id: number; action: ResolveAction },
): Promise<void> {
  const [report] = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      reason: reports.reason,
    })
    .from(reports)
    .where(eq(reports.id, input.id))
    .limit(1);
  if (!report) throw new AppError('REPORT_NOT_FOUND');
  const type = report.targetType as ReportTarget;
  if (input.action === 'remove' && type === 'user') throw new AppError('REPORT_USER_REMOVE');

  // The post's or comment's own events wait for this transaction's commit.
  await transaction(db, async (tx, announce) => {
    const open = await tx
      .select({ id: reports.id, reporterId: reports.reporterId })
      .from(reports)
      .where(and(eq(reports.targetType, type), eq(reports.targetId, report.targetId), eq(reports.status, 'open')))
      .orderBy(asc(reports.id))
      .for('update');
    if (!open.some((r) => r.id === input.id)) throw new AppError('REPORT_SETTLED');

    const removed = input.action === 'remove' && (await removeTarget(tx, moderatorId, type, report.targetId));
    await tx
      .update(reports)
      .set({
        status: input.action === 'remove' ? 'removed' : 'dismissed',
        resolvedAt: new Date(),
        resolvedBy: moderatorId,
      })
      .where(and(eq(reports.targetType, type), eq(reports.targetId, report.targetId), eq(reports.status, 'open')));
    await announce('report.resolved', {
      targetType: type,
      targetId: report.targetId,
      targetUserId: report.targetUserId,
      action: input.action,
      reason: report.reason,
      reporterIds: [...new Set(open.map((r) => r.reporterId))],
      removed,
    });
  });
}

/** Deletes the reported post or comment as a moderator; answers whether it was live (and so deleted now). */
async function removeTarget(db: Db, moderatorId: number, type: ReportTarget, id: number): Promise<boolean> {
  if (type === 'post' && (await findPostTargets(db, [id])).get(id)?.live) {
    await deletePost(db, { pid: id, actorId: moderatorId, asModerator: true });
    return true;
  }
  if (type === 'comment' && (await findCommentTargets(db, [id])).get(id)?.live) {
    await deleteComment(db, { cid: id, actorId: moderatorId, asModerator: true });
    return true;
  }
  return false;
}
