import { formatMessage, TEAM_STATUS_LABELS, type TeamCard } from '@evcircle/contract/client';
import { ChevronRight, Flag, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '~/ui/cn.ts';
import { TEAMS_MESSAGES } from './messages.ts';
import { timeLeft } from './team-time.ts';

/** A team's state as a small badge: green while active, grey once over. */
export function TeamStatusBadge({ team, className }: { team: Pick<TeamCard, 'status'>; className?: string }) {
  return (
    <span
      data-testid="team-status"
      data-status={team.status}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-medium',
        team.status === 'active'
          ? 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300'
          : 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400',
        className,
      )}
    >
      {TEAM_STATUS_LABELS[team.status]}
    </span>
  );
}

/**
 * One team in a list (附近的车队 on /nearby and the radar): its title, state, how many are
 * in, how long it has left and how far it is (a bucket), leading to its page (which says
 * who started it).
 */
export function TeamRow({ team }: { team: TeamCard }) {
  const left = team.status === 'active' ? timeLeft(team.expires_at) : '';
  return (
    <li>
      <Link
        to={`/team/${team.team_id}`}
        data-testid="team-row"
        data-team={team.team_id}
        className="flex items-center gap-3 px-4 py-3 transition-colors hover:bg-gray-50 dark:hover:bg-gray-800/60"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <Flag aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span data-testid="team-title" className="block truncate text-[15px] font-medium">
            {team.title}
          </span>
          <span className="mt-1 flex min-w-0 items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
            <TeamStatusBadge team={team} />
            <UsersRound aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="shrink-0">{formatMessage(TEAMS_MESSAGES.memberCount, { count: team.member_count })}</span>
            {left ? (
              <span className="truncate" suppressHydrationWarning>
                · {left}
              </span>
            ) : null}
          </span>
        </span>
        {team.distance_text ? (
          <span className="shrink-0 text-xs text-gray-500 tabular-nums dark:text-gray-400">{team.distance_text}</span>
        ) : null}
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
      </Link>
    </li>
  );
}
