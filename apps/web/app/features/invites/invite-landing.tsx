import {
  type EndpointData,
  formatMessage,
  integralInfo,
  type inviteInfo,
  resolveMediaUrl,
} from '@evcircle/contract/client';
import { CircleCheck, Coins, Gift, PartyPopper } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { savePendingInvite, useLoginModal, useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button, buttonClass } from '~/ui/button.tsx';
import { LogoMark } from '~/ui/logo.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { INVITE_MESSAGES } from './messages.ts';

export type InviteInfo = EndpointData<typeof inviteInfo>;

/** Ledger reasons of a sign-up through an invite (the server's POINT_REASONS). */
const SIGNUP_REASONS = new Set(['signup', 'invited']);

/**
 * /invite/{code}: who invites and what a new account gets. A logged-out visitor's code is
 * remembered on this device (the SMS login sends it); a logged-in one learns the reward is
 * for new accounts only — or, right after signing up here, that it has arrived.
 */
export function InviteLanding({ invite, imageBase }: { invite: InviteInfo; imageBase: string }) {
  const viewer = useViewer();
  const loginModal = useLoginModal();
  const { inviter } = invite;

  useEffect(() => {
    if (!viewer) savePendingInvite(invite.code);
  }, [viewer, invite.code]);

  return (
    <div className="px-5 pt-2 pb-8">
      <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary-500 to-primary-700 px-5 pt-8 pb-6 text-center text-white shadow-md">
        <LogoMark className="absolute -top-6 -right-6 size-28 opacity-15" />
        <Avatar
          src={resolveMediaUrl(inviter.avatar, imageBase)}
          name={inviter.nickname}
          size={76}
          className="ring-4 ring-white/70"
        />
        <p data-testid="inviter-name" className="mt-3 text-lg font-semibold">
          {inviter.nickname}
        </p>
        <h1 className="mt-1 text-2xl font-bold">{INVITE_MESSAGES.heading}</h1>
        <p className="mt-1 text-sm text-white/85">{INVITE_MESSAGES.tagline}</p>
      </section>

      {viewer ? (
        <LoggedInState invite={invite} isOwn={viewer.invite_code === invite.code} />
      ) : (
        <>
          <section
            data-testid="invite-reward"
            className="mt-5 flex items-center gap-4 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-amber-400 text-white">
              <Gift aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-sm text-amber-800 dark:text-amber-300">{INVITE_MESSAGES.reward}</p>
              <p className="text-2xl font-bold text-amber-600 dark:text-amber-400">
                {formatMessage(INVITE_MESSAGES.rewardPoints, { reward: invite.reward })}
              </p>
            </div>
          </section>
          <ul className="mt-5 space-y-3">
            {INVITE_MESSAGES.benefits.map((line) => (
              <li key={line} className="flex items-start gap-2.5 text-sm text-gray-700 dark:text-gray-300">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary-600" />
                {line}
              </li>
            ))}
          </ul>
          <Button
            size="lg"
            data-testid="invite-signup"
            className="mt-8 w-full"
            // Sign-up is by phone (the SMS login sends the saved code), so start on the phone tab.
            onClick={() =>
              loginModal.open({
                message: formatMessage(INVITE_MESSAGES.loginMessage, { reward: invite.reward }),
                tab: 'phone',
              })
            }
          >
            {INVITE_MESSAGES.cta}
          </Button>
          <p className="mt-3 text-center text-xs text-gray-500 dark:text-gray-400">{INVITE_MESSAGES.onlyNew}</p>
        </>
      )}
      <p className="mt-6 text-center font-mono text-xs tracking-wider text-gray-400 dark:text-gray-500">
        {formatMessage(INVITE_MESSAGES.code, { code: invite.code })}
      </p>
    </div>
  );
}

type RewardCheck = { state: 'checking' } | { state: 'rewarded'; amount: number } | { state: 'existing' };

function LoggedInState({ invite, isOwn }: { invite: InviteInfo; isOwn: boolean }) {
  const api = useApi();
  const [check, setCheck] = useState<RewardCheck>({ state: isOwn ? 'existing' : 'checking' });

  // Did this account just sign up with an invite? Its first ledger lines say so.
  useEffect(() => {
    if (isOwn) return;
    let isCurrent = true;
    api
      .call(integralInfo, { page: 1, size: 20 })
      .then((entries) => {
        const earned = entries.filter((e) => SIGNUP_REASONS.has(e.reason));
        const isInvited = earned.some((e) => e.reason === 'invited');
        const amount = earned.reduce((sum, e) => sum + e.amount, 0);
        if (isCurrent) setCheck(isInvited ? { state: 'rewarded', amount } : { state: 'existing' });
      })
      .catch(() => {
        if (isCurrent) setCheck({ state: 'existing' });
      });
    return () => {
      isCurrent = false;
    };
  }, [api, isOwn]);

  if (check.state === 'checking') {
    return (
      <div aria-busy="true" className="mt-5 space-y-3 rounded-2xl p-4 ring-1 ring-gray-900/5 dark:ring-white/10">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  }

  const content =
    check.state === 'rewarded'
      ? {
          icon: PartyPopper,
          title: INVITE_MESSAGES.rewardReceived,
          hint: formatMessage(INVITE_MESSAGES.rewardReceivedHint, { amount: check.amount }),
          link: { to: '/settings#points', label: INVITE_MESSAGES.viewPoints },
        }
      : isOwn
        ? {
            icon: Gift,
            title: INVITE_MESSAGES.ownInvite,
            hint: INVITE_MESSAGES.ownInviteHint,
            link: { to: '/settings#invite', label: INVITE_MESSAGES.section },
          }
        : {
            icon: Coins,
            title: INVITE_MESSAGES.loggedInTitle,
            hint: INVITE_MESSAGES.loggedInHint,
            link: { to: '/', label: INVITE_MESSAGES.goHome },
          };
  const Icon = content.icon;
  return (
    <section
      data-testid="invite-logged-in"
      data-state={check.state === 'rewarded' ? 'rewarded' : isOwn ? 'own' : 'existing'}
      className="mt-5 rounded-2xl bg-gray-50 p-5 text-center dark:bg-gray-900"
    >
      <Icon aria-hidden="true" className="mx-auto size-8 text-primary-600 dark:text-primary-400" />
      <p className="mt-3 text-base font-semibold">{content.title}</p>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{content.hint}</p>
      <Link to={content.link.to} className={buttonClass('solid', 'md', 'mt-5 w-full')}>
        {content.link.label}
      </Link>
      {check.state !== 'rewarded' && !isOwn ? (
        <p className="mt-3 text-xs text-gray-500 dark:text-gray-400">
          {formatMessage(INVITE_MESSAGES.rewardPoints, { reward: invite.reward })} · {INVITE_MESSAGES.onlyNew}
        </p>
      ) : null}
    </section>
  );
}
