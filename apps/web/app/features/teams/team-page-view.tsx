import {
  ApiError,
  cancelTeam,
  disbandTeam,
  formatMessage,
  leaveTeam,
  REALTIME_EVENTS,
  resolveMediaUrl,
  respondTeam,
  STATUS,
  TEAM_STATUS_LABELS,
  type TeamAction,
  type TeamCard,
  type TeamChangedEvent,
  type TeamMember,
  teamMembers,
} from '@evcircle/contract/client';
import {
  Ban,
  Car,
  ChevronLeft,
  CircleCheck,
  Clock,
  Flag,
  LogOut,
  MapPin,
  MessagesSquare,
  Trash2,
  UserRoundPlus,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { useToast } from '~/ui/toast.tsx';
import { TEAMS_MESSAGES } from './messages.ts';
import type { ChatPeople } from './team-chat.tsx';
import { TeamStatusBadge } from './team-row.tsx';
import { timeLeft } from './team-time.ts';

/** The chat (history, live messages, the composer) loads beside the page, for members. */
const TeamChat = lazyComponent(
  () => import('./team-chat.tsx').then((module) => module.TeamChat),
  () => <Skeleton className="h-[70dvh] min-h-[420px] rounded-2xl md:h-[600px]" />,
);
const InviteSheet = lazyDialog(
  () => import('./invite-sheet.tsx').then((module) => module.InviteSheet),
  (props) => props.open,
);

/** The countdown moves on this often. */
const TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type Confirm = 'leave' | 'cancel' | 'disband';

export type TeamPageViewProps = { team: TeamCard; members: TeamMember[]; imageBase: string };

/**
 * A team's page: what it is (title, state, countdown, who started it, how far), its
 * members with their answers (在路上 / 去不了), what the viewer may do (join, answer,
 * leave; the creator cancels or disbands; members invite friends) and, for members, the
 * team chat. It follows team:changed pushes (someone joined, answered, left; the team
 * cancelled or disbanded) by reading the team again.
 */
export function TeamPageView({ team: firstTeam, members: firstMembers, imageBase }: TeamPageViewProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const viewer = useViewer();
  const isMobile = useIsMobile();
  const now = useNow();
  const [data, setData] = useState({ team: firstTeam, members: firstMembers });
  const [busy, setBusy] = useState<TeamAction | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [isInviting, setInviting] = useState(false);
  const { team, members } = data;

  // The loader ran again (a login, a revalidation): its answer is the truth.
  const [source, setSource] = useState(firstTeam);
  if (source !== firstTeam) {
    setSource(firstTeam);
    setData({ team: firstTeam, members: firstMembers });
  }

  const reload = useCallback(async () => {
    try {
      const next = await api.call(teamMembers, { id: firstTeam.team_id });
      setData({ team: next.team, members: next.members });
    } catch (error) {
      // Disbanded meanwhile: nothing is left to show.
      if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) {
        toast.show(TEAMS_MESSAGES.disbanded);
        navigate('/nearby', { replace: true });
      }
    }
  }, [api, firstTeam.team_id, toast, navigate]);

  useLiveEvent<TeamChangedEvent>(REALTIME_EVENTS.teamChanged, (event) => {
    if (event.team_id === team.team_id) void reload();
  });
  useLiveCatchUp(() => void reload());

  const isPast = Date.parse(team.expires_at) <= now;
  const status = team.status === 'active' && isPast ? 'expired' : team.status;
  const isActive = status === 'active';
  const isCreator = team.my_role === 'creator';
  const isMember = team.my_role !== 'none';
  const left = isActive ? timeLeft(team.expires_at, now) : '';
  const counts = useMemo(() => {
    const byResponse = { join: 0, on_way: 0, cannot: 0 };
    for (const member of members) byResponse[member.response] += 1;
    return byResponse;
  }, [members]);
  const people: ChatPeople = useMemo(
    () => new Map(members.map((m) => [m.uid, { nickname: m.nickname, avatar: m.avatar }])),
    [members],
  );

  const respond = async (action: TeamAction) => {
    if (busy) return;
    setBusy(action);
    try {
      const next = await api.call(respondTeam, { team_id: team.team_id, action });
      setData((d) => ({ ...d, team: next }));
      if (action === 'join' || !isMember) toast.show(TEAMS_MESSAGES.joined, { tone: 'success' });
      await reload();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : TEAMS_MESSAGES.actionFailed, { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const finish = async (kind: Confirm) => {
    try {
      if (kind === 'leave') await api.call(leaveTeam, { team_id: team.team_id });
      else if (kind === 'cancel') await api.call(cancelTeam, { team_id: team.team_id });
      else await api.call(disbandTeam, { team_id: team.team_id });
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : TEAMS_MESSAGES.actionFailed, { tone: 'error' });
      return;
    }
    setConfirm(null);
    if (kind === 'disband') {
      toast.show(TEAMS_MESSAGES.disbanded, { tone: 'success' });
      navigate('/nearby', { replace: true });
      return;
    }
    toast.show(kind === 'leave' ? TEAMS_MESSAGES.left : TEAMS_MESSAGES.cancelled, { tone: 'success' });
    await reload();
  };

  const info = (
    <section
      data-testid="team-info"
      aria-labelledby="team-title"
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 md:p-5 dark:bg-gray-900 dark:ring-white/10"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
          <Flag aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 id="team-title" data-testid="team-page-title" className="text-lg leading-snug font-bold break-words">
            {team.title}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
            <TeamStatusBadge team={{ status }} />
            {left ? (
              <span data-testid="team-countdown" className="inline-flex items-center gap-1" suppressHydrationWarning>
                <Clock aria-hidden="true" className="size-3.5" />
                {left}
              </span>
            ) : null}
            {team.distance_text ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                {formatMessage(TEAMS_MESSAGES.distance, { distance: team.distance_text })}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <p
        className={cn(
          'mt-4 text-sm leading-6 break-words whitespace-pre-wrap',
          team.description ? 'text-gray-700 dark:text-gray-200' : 'text-gray-400 dark:text-gray-500',
        )}
      >
        {team.description || TEAMS_MESSAGES.noDescription}
      </p>
      <Link
        to={`/user/${team.creator.uid}`}
        className="mt-4 flex items-center gap-2 text-sm text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
      >
        <Avatar src={resolveMediaUrl(team.creator.avatar, imageBase)} name={team.creator.nickname} size={24} />
        {formatMessage(TEAMS_MESSAGES.by, { name: team.creator.nickname })}
      </Link>
      {!isActive ? (
        <p
          role="status"
          className="mt-4 rounded-xl bg-gray-50 px-3 py-2 text-sm text-gray-600 dark:bg-gray-800 dark:text-gray-300"
        >
          {formatMessage(TEAMS_MESSAGES.closedNotice, { status: TEAM_STATUS_LABELS[status] })}
        </p>
      ) : null}
      <Actions>
        {isActive && !isMember ? (
          <>
            <Button onClick={() => void respond('join')} disabled={busy !== null} data-testid="team-join">
              <UserRoundPlus aria-hidden="true" className="size-4" />
              {TEAMS_MESSAGES.join}
            </Button>
            <Button
              variant="outline"
              onClick={() => void respond('on_way')}
              disabled={busy !== null}
              data-testid="team-on-way"
            >
              <Car aria-hidden="true" className="size-4" />
              {TEAMS_MESSAGES.onWay}
            </Button>
          </>
        ) : null}
        {isActive && isMember ? (
          <ResponseChoice
            value={team.my_response}
            canDecline={!isCreator}
            busy={busy}
            onChoose={(action) => void respond(action)}
          />
        ) : null}
        {isActive && isMember ? (
          <Button variant="outline" onClick={() => setInviting(true)} data-testid="team-invite">
            <UserRoundPlus aria-hidden="true" className="size-4" />
            {TEAMS_MESSAGES.invite}
          </Button>
        ) : null}
        {isMember && !isCreator ? (
          <Button variant="ghost" onClick={() => setConfirm('leave')} data-testid="team-leave">
            <LogOut aria-hidden="true" className="size-4" />
            {TEAMS_MESSAGES.leave}
          </Button>
        ) : null}
        {isCreator && isActive ? (
          <Button variant="ghost" onClick={() => setConfirm('cancel')} data-testid="team-cancel">
            <Ban aria-hidden="true" className="size-4" />
            {TEAMS_MESSAGES.cancel}
          </Button>
        ) : null}
        {isCreator ? (
          <Button
            variant="ghost"
            onClick={() => setConfirm('disband')}
            data-testid="team-disband"
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {TEAMS_MESSAGES.disband}
          </Button>
        ) : null}
      </Actions>
    </section>
  );

  const memberList = (
    <section
      aria-labelledby="team-members-title"
      className="rounded-2xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <h2 id="team-members-title" className="flex items-baseline justify-between px-4 pt-4 pb-2">
        <span className="text-[15px] font-semibold">
          {formatMessage(TEAMS_MESSAGES.members, { count: team.member_count })}
        </span>
        <span className="text-xs text-gray-500 dark:text-gray-400">
          {formatMessage(TEAMS_MESSAGES.responses, { onWay: counts.on_way, cannot: counts.cannot })}
        </span>
      </h2>
      <ul data-testid="team-members" className="max-h-96 overflow-y-auto pb-2">
        {members.map((member) => (
          <li key={member.uid} data-testid="team-member" data-uid={member.uid} data-response={member.response}>
            <Link
              to={`/user/${member.uid}`}
              className="flex items-center gap-3 px-4 py-2 hover:bg-gray-50 dark:hover:bg-gray-800/60"
            >
              <Avatar src={resolveMediaUrl(member.avatar, imageBase)} name={member.nickname} size={36} />
              <span className="min-w-0 flex-1 truncate text-sm">
                {member.nickname}
                {member.uid === viewer?.uid ? (
                  <span className="ml-1 text-xs text-gray-400">（{TEAMS_MESSAGES.me}）</span>
                ) : null}
              </span>
              {member.role === 'creator' ? (
                <span className="shrink-0 rounded-full bg-amber-50 px-2 py-0.5 text-[11px] text-amber-700 dark:bg-amber-950 dark:text-amber-300">
                  {TEAMS_MESSAGES.creator}
                </span>
              ) : null}
              <ResponseBadge response={member.response} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );

  const chat =
    viewer && isMember ? (
      <TeamChat
        teamId={team.team_id}
        viewer={viewer}
        people={people}
        isClosed={!isActive}
        isMobile={isMobile}
        imageBase={imageBase}
      />
    ) : (
      <section className="flex flex-col items-center rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        <MessagesSquare aria-hidden="true" className="size-10 text-gray-300 dark:text-gray-600" />
        <p className="mt-3 text-sm text-gray-500 dark:text-gray-400">{TEAMS_MESSAGES.chatMembersOnly}</p>
      </section>
    );

  return (
    <div data-testid="team-page" data-team={team.team_id} className="mx-auto max-w-6xl px-3 pt-3 pb-8 md:px-6 md:pt-6">
      <Link
        to="/nearby"
        className="mb-3 inline-flex items-center gap-1 text-sm text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {TEAMS_MESSAGES.backToNearby}
      </Link>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:gap-6">
        <div className="flex flex-col gap-4">
          {info}
          {isMobile ? null : memberList}
        </div>
        <div className="flex flex-col gap-4">
          {chat}
          {isMobile ? memberList : null}
        </div>
      </div>
      <ConfirmSheet
        open={confirm !== null}
        title={
          confirm === 'leave'
            ? TEAMS_MESSAGES.leaveConfirmTitle
            : confirm === 'cancel'
              ? TEAMS_MESSAGES.cancelConfirmTitle
              : TEAMS_MESSAGES.disbandConfirmTitle
        }
        hint={
          confirm === 'leave'
            ? TEAMS_MESSAGES.leaveConfirmBody
            : confirm === 'cancel'
              ? TEAMS_MESSAGES.cancelConfirmBody
              : TEAMS_MESSAGES.disbandConfirmBody
        }
        confirmLabel={
          confirm === 'leave'
            ? TEAMS_MESSAGES.leave
            : confirm === 'cancel'
              ? TEAMS_MESSAGES.cancel
              : TEAMS_MESSAGES.disband
        }
        danger={confirm !== 'leave'}
        onConfirm={() => (confirm ? finish(confirm) : Promise.resolve())}
        onClose={() => setConfirm(null)}
        data-testid="team-confirm"
      />
      <InviteSheet open={isInviting} onClose={() => setInviting(false)} teamId={team.team_id} imageBase={imageBase} />
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-wrap gap-2 empty:hidden">{children}</div>;
}

/** 在路上 / 去不了 for a member, the current answer pressed (the creator cannot decline). */
function ResponseChoice({
  value,
  canDecline,
  busy,
  onChoose,
}: {
  value: TeamCard['my_response'];
  canDecline: boolean;
  busy: TeamAction | null;
  onChoose: (action: TeamAction) => void;
}) {
  const choices: { action: TeamAction; label: string; icon: typeof Car }[] = [
    { action: 'on_way', label: TEAMS_MESSAGES.onWay, icon: Car },
    ...(canDecline ? [{ action: 'cannot' as const, label: TEAMS_MESSAGES.cannot, icon: Ban }] : []),
  ];
  return (
    <div className="flex gap-2">
      {choices.map(({ action, label, icon: Icon }) => {
        const isChosen = value === action;
        return (
          <button
            key={action}
            type="button"
            aria-pressed={isChosen}
            disabled={busy !== null || isChosen}
            onClick={() => onChoose(action)}
            data-testid={`team-${action === 'on_way' ? 'on-way' : 'cannot'}`}
            className={cn(
              'inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors',
              isChosen
                ? 'bg-primary-600 text-white disabled:opacity-100'
                : 'border border-gray-300 text-gray-800 hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800',
            )}
          >
            {isChosen ? (
              <CircleCheck aria-hidden="true" className="size-4" />
            ) : (
              <Icon aria-hidden="true" className="size-4" />
            )}
            {label}
          </button>
        );
      })}
    </div>
  );
}

function ResponseBadge({ response }: { response: TeamMember['response'] }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2 py-0.5 text-[11px]',
        response === 'on_way' && 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300',
        response === 'cannot' && 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400',
        response === 'join' && 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
      )}
    >
      {TEAMS_MESSAGES.response[response]}
    </span>
  );
}
