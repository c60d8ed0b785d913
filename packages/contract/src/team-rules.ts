// Team rules the server and the browser both apply (SPEC.md §7 "Nearby and teams", §4
// "Team"; docs/decisions/0017-teams.md). SPEC.md shows neither limits nor the payload of
// respond-team: these are ours.
import { NEARBY_MAX_RADIUS_KM, NEARBY_PEOPLE_RADIUS_KM } from './nearby-rules.ts';

/** Longest team title and description, in characters. */
export const TEAM_TITLE_MAX_LENGTH = 30;
export const TEAM_DESCRIPTION_MAX_LENGTH = 500;

/** expires_in is in minutes: from half an hour to a week; two hours when left out. */
export const TEAM_EXPIRES_MIN_MINUTES = 30;
export const TEAM_EXPIRES_MAX_MINUTES = 7 * 24 * 60;
export const TEAM_EXPIRES_DEFAULT_MINUTES = 120;
/** The durations the create form offers, in minutes. */
export const TEAM_EXPIRES_CHOICES_MINUTES = [30, 60, 120, 240, 480, 1440, 4320, 10080] as const;

/** notify_radius is in km: 1 to NEARBY_MAX_RADIUS_KM, NEARBY_PEOPLE_RADIUS_KM when left out. */
export const TEAM_NOTIFY_RADIUS_MIN_KM = 1;
export const TEAM_NOTIFY_RADIUS_MAX_KM = NEARBY_MAX_RADIUS_KM;
export const TEAM_NOTIFY_RADIUS_DEFAULT_KM = NEARBY_PEOPLE_RADIUS_KM;

/** Teams one person may run at once (active, not yet expired). */
export const TEAM_ACTIVE_LIMIT = 3;
/** Members of one team, its creator included (every team message is delivered to each). */
export const TEAM_MAX_MEMBERS = 50;
/** People one send-team-invitation call may invite. */
export const TEAM_INVITE_MAX_RECEIVERS = 20;
/** Team ids one team-responses call may ask about. */
export const TEAM_RESPONSE_IDS_MAX = 50;
/**
 * "A team was started near you" notifications one person gets per hour at most (more
 * teams nearby within the hour tell them nothing), and how many people one new team
 * tells at most.
 */
export const TEAM_NEARBY_NOTICES_PER_HOUR = 3;
export const TEAM_NOTIFY_MAX_RECIPIENTS = 200;

/**
 * A team's state (SPEC.md §4 "Team"): active until expires_at; expired after (nothing is
 * accepted any more); cancelled by its creator (the meetup is called off: its members
 * still read it and its chat); disbanded by its creator (gone from every list and chat).
 */
export const TEAM_STATUSES = ['active', 'expired', 'cancelled', 'disbanded'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];
export const TEAM_STATUS_LABELS: Record<TeamStatus, string> = {
  active: '进行中',
  expired: '已结束',
  cancelled: '已取消',
  disbanded: '已解散',
};

/**
 * respond-team actions: join (加入: become a member), on_way (在路上: a member on their
 * way; joins first when needed), cannot (去不了: a member who cannot come stays in the
 * team and its chat; someone who is not a member declines without joining).
 */
export const TEAM_ACTIONS = ['join', 'on_way', 'cannot'] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];
export const TEAM_ACTION_LABELS: Record<TeamAction, string> = { join: '加入', on_way: '在路上', cannot: '去不了' };

/** The viewer's place in a team. */
export const TEAM_ROLES = ['creator', 'member', 'none'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * Team notifications (the /notification 车队 list): a team started near you, people who
 * joined a team of yours (collapsed per team while unread), a team you are in cancelled
 * or disbanded by its creator.
 */
export const TEAM_NOTIFY_ACTIONS = ['team_nearby', 'team_join', 'team_cancelled', 'team_disbanded'] as const;
export type TeamNotifyAction = (typeof TEAM_NOTIFY_ACTIONS)[number];

/** A team's page on this site (what team notifications link to). */
export function teamPath(teamId: string | number): string {
  return `/team/${teamId}`;
}

/** What a team:changed event tells a team's members. */
export const TEAM_CHANGES = ['joined', 'responded', 'left', 'cancelled', 'disbanded'] as const;
export type TeamChange = (typeof TEAM_CHANGES)[number];

/**
 * team:changed (server → the sockets of a team's members): `user_id` did `change`;
 * `member_count` and `status` are the team's now. A client refreshes what it shows of
 * the team (members, responses) with the team calls.
 */
export type TeamChangedEvent = {
  team_id: string;
  change: TeamChange;
  user_id: number;
  member_count: number;
  status: TeamStatus;
};
