import { AppError, REPORT_REASONS, type ReportItem, type ReportReason, type ReportTarget } from '@evcircle/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { findCommentTargets } from '../comments/index.ts';
import { findPostTargets } from '../posts/index.ts';
import { reports } from './reports.tables.ts';

export type ReportInput = { target_type: ReportTarget; target_id: number; reason: ReportReason; detail: string };
export type ReportStatus = 'open' | 'removed' | 'dismissed';

/** A live user's nickname by id (deleted accounts left out). */
async function liveUserNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickname: users.nickname })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/** Who wrote the live post or comment, or the live user themself; null when gone. */
async function liveTargetOwner(db: Db, type: ReportTarget, id: number): Promise<number | null> {
  if (type === 'post') {
    const post = (await findPostTargets(db, [id])).get(id);
    return post?.live ? post.userId : null;
  }
  if (type === 'comment') {
    const comment = (await findCommentTargets(db, [id])).get(id);
    return comment?.live ? comment.userId : null;
  }
  return (await liveUserNames(db, [id])).has(id) ? id : null;
}

/**
 * Files a report. The target must exist and be live (REPORT_TARGET_NOT_FOUND); nobody
 * reports themself or their own content (REPORT_SELF); one open report per reporter and
 * target (REPORT_DUPLICATE, kept by the partial unique index reports_open_once_idx, so
 * two reports sent at once still make one row). A settled report may be followed by a
 * new one. The target's owner is stored with it (target_user_id).
 */
export async function saveReport(db: Db, reporterId: number, input: ReportInput): Promise<void> {
  const owner = await liveTargetOwner(db, input.target_type, input.target_id);
  if (owner === null) throw new AppError('REPORT_TARGET_NOT_FOUND');
  if (owner === reporterId) throw new AppError('REPORT_SELF');
  const inserted = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: input.target_type,
      targetId: input.target_id,
      targetUserId: owner,
      reason: input.reason,
      detail: input.detail,
    })
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`${reports.status} = 'open'`,
    })
    .returning({ id: reports.id });
  if (inserted.length === 0) throw new AppError('REPORT_DUPLICATE');
}

const targetKey = (type: string, id: number) => `${type}:${id}`;

/**
 * One page of the moderation queue: open reports oldest first (the longest waiting are
 * handled first); settled ones (removed, dismissed) newest first. Each with the reporter,
 * a summary of the target (the post's or comment's text, the user's nickname; '' when
 * it is gone), its owner, and how many reports (any status) the target has.
 */
export async function listReportQueue(
  db: Db,
  options: { status: ReportStatus; page: number; size: number },
): Promise<ReportItem[]> {
  const rows = await db
    .select({ report: reports, reporterName: users.nickname })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.status, options.status))
    .orderBy(options.status === 'open' ? asc(reports.id) : desc(reports.id))
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  if (rows.length === 0) return [];

  const idsOf = (type: ReportTarget) => rows.filter((r) => r.report.targetType === type).map((r) => r.report.targetId);
  const [postsById, commentsById, namesById, counts] = await Promise.all([
    findPostTargets(db, idsOf('post')),
    findCommentTargets(db, idsOf('comment')),
    liveUserNames(db, idsOf('user')),
    db
      .select({ type: reports.targetType, id: reports.targetId, n: count() })
      .from(reports)
      .where(
        or(
          ...rows.map((r) => and(eq(reports.targetType, r.report.targetType), eq(reports.targetId, r.report.targetId))),
        ),
      )
      .groupBy(reports.targetType, reports.targetId),
  ]);
  const reportsPerTarget = new Map(counts.map((c) => [targetKey(c.type, c.id), Number(c.n)]));

  return rows.map(({ report, reporterName }) => {
    const type = report.targetType as ReportTarget;
    let summary = '';
    if (type === 'post') {
      const post = postsById.get(report.targetId);
      summary = post?.live ? post.content : '';
    } else if (type === 'comment') {
      const comment = commentsById.get(report.targetId);
      summary = comment?.live ? comment.content : '';
    } else {
      summary = namesById.get(report.targetId) ?? '';
    }
    return {
      id: report.id,
      target_type: type,
      target_id: report.targetId,
      reason: report.reason,
      reason_label: REPORT_REASONS[report.reason as ReportReason] ?? report.reason,
      detail: report.detail,
      status: report.status as ReportStatus,
      atime: report.createdAt.toISOString(),
      reporter: { uid: report.reporterId, uname: reporterName },
      target_summary: summary,
      target_uid: report.targetUserId,
      target_reports: reportsPerTarget.get(targetKey(report.targetType, report.targetId)) ?? 1,
    };
  });
}
