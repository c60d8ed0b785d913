import {
  type Account,
  ApiError,
  blockList,
  integral,
  integralInfo,
  myAccount,
  myInvites,
  PAGE_SIZE,
  STATUS,
} from '@evcircle/contract/client';
import { ChevronRight, Settings } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AI_ENTRY_MESSAGES, AvatarPicker } from '~/features/ai/index.ts';
import { LoginPrompt } from '~/features/auth/index.ts';
import { INVITE_MESSAGES, MyInvitesSection } from '~/features/invites/index.ts';
import { POINTS_MESSAGES, PointsCard, PointsLedger } from '~/features/points/index.ts';
import { PushSettings, PWA_MESSAGES } from '~/features/pwa/index.ts';
import { BlockedList, RELATIONS_MESSAGES } from '~/features/relations/index.ts';
import { AccountActions, AvatarUpload, ProfileForm, USERS_MESSAGES } from '~/features/users/index.ts';
import { serverApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import type { Route } from './+types/settings';

function settled<T>(result: PromiseSettledResult<T>, what: string): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.error(`[settings] ${what} failed`, result.reason);
  return null;
}

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  let account: Account;
  try {
    account = await api.call(myAccount, {});
  } catch (error) {
    // Logged out is a normal state of this page: it asks them to log in.
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    throw error;
  }
  const [points, ledger, invites, blocked] = await Promise.allSettled([
    api.call(integral, {}),
    api.call(integralInfo, { page: 1, size: PAGE_SIZE.posts }),
    api.call(myInvites, { page: 1, size: PAGE_SIZE.posts }),
    api.call(blockList, { page: 1, size: PAGE_SIZE.posts }),
  ]);
  return {
    state: 'ok' as const,
    account,
    points: settled(points, 'points'),
    ledger: settled(ledger, 'ledger'),
    invites: settled(invites, 'invites'),
    blocked: settled(blocked, 'blocked users'),
    publicUrl: context.publicConfig.publicUrl,
    imageBase: context.publicConfig.imageBase,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: USERS_MESSAGES.settingsTitle },
  { name: 'robots', content: 'noindex' },
];

const SECTIONS = [
  { id: 'profile', label: USERS_MESSAGES.profileSection },
  { id: 'avatar', label: AI_ENTRY_MESSAGES.avatarSection },
  { id: 'points', label: POINTS_MESSAGES.section },
  { id: 'invite', label: INVITE_MESSAGES.section },
  { id: 'push', label: PWA_MESSAGES.pushSection },
  { id: 'blocked', label: RELATIONS_MESSAGES.blockedSection },
  { id: 'account', label: USERS_MESSAGES.accountSection },
] as const;

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="px-1 text-xl font-bold md:text-2xl">{USERS_MESSAGES.settingsHeading}</h1>
      {loaderData.state === 'guest' ? (
        <LoginPrompt
          icon={Settings}
          title={USERS_MESSAGES.guestTitle}
          hint={USERS_MESSAGES.guestHint}
          testId="settings-guest"
        />
      ) : (
        <SettingsContent {...loaderData} />
      )}
    </div>
  );
}

type SettingsData = Extract<Awaited<ReturnType<typeof loader>>, { state: 'ok' }>;

function SettingsContent({ account, points, ledger, invites, blocked, publicUrl, imageBase }: SettingsData) {
  const revalidator = useRevalidator();
  // The same function for the page's life (the avatar picker loads beside the page).
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const revalidate = useCallback(() => void revalidateRef.current(), []);
  // Bumped after a check-in: the ledger remounts and fetches page 1 with the new line.
  const [ledgerVersion, setLedgerVersion] = useState(0);

  return (
    <div className="mt-4 md:mt-6 md:grid md:grid-cols-[11rem_minmax(0,1fr)] md:gap-8">
      <nav aria-label={USERS_MESSAGES.settingsHeading} className="hidden md:block">
        <ul className="sticky top-24 space-y-1">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="block rounded-lg px-3 py-2 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-4 md:space-y-6">
        <Section
          id="profile"
          title={USERS_MESSAGES.profileSection}
          action={
            <Link
              to={`/user/${account.uid}`}
              data-testid="view-my-profile"
              className="inline-flex items-center text-sm text-primary-700 hover:underline dark:text-primary-400"
            >
              {USERS_MESSAGES.viewMyProfile}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          }
        >
          <AvatarUpload
            avatar={account.avatar}
            nickname={account.nickname}
            imageBase={imageBase}
            onUploaded={() => void revalidator.revalidate()}
          />
          <div className="mt-6">
            <ProfileForm key={account.uid} account={account} onSaved={() => void revalidator.revalidate()} />
          </div>
        </Section>

        <Section id="avatar" title={AI_ENTRY_MESSAGES.avatarSection}>
          <AvatarPicker onChanged={revalidate} />
        </Section>

        <Section id="points" title={POINTS_MESSAGES.section}>
          {points ? (
            <PointsCard
              key={`${points.balance}:${points.checkedInToday}`}
              initial={points}
              onCheckedIn={() => setLedgerVersion((v) => v + 1)}
            />
          ) : (
            <Unavailable message={POINTS_MESSAGES.unavailable} />
          )}
          <h3 className="mt-6 text-sm font-medium">{POINTS_MESSAGES.ledger}</h3>
          {ledger || ledgerVersion > 0 ? (
            <PointsLedger key={ledgerVersion} firstPage={ledgerVersion === 0 ? ledger : null} />
          ) : (
            <Unavailable message={USERS_MESSAGES.sectionFailed} />
          )}
        </Section>

        <Section id="invite" title={INVITE_MESSAGES.section}>
          {invites ? (
            <MyInvitesSection first={invites} publicUrl={publicUrl} imageBase={imageBase} viewerId={account.uid} />
          ) : (
            <Unavailable message={USERS_MESSAGES.sectionFailed} />
          )}
        </Section>

        <Section id="push" title={PWA_MESSAGES.pushSection}>
          <PushSettings />
        </Section>

        <Section id="blocked" title={RELATIONS_MESSAGES.blockedSection}>
          <BlockedList firstPage={blocked} imageBase={imageBase} />
        </Section>

        <Section id="account" title={USERS_MESSAGES.accountSection}>
          <div className="mb-4 flex items-center justify-between border-b border-gray-100 pb-4 text-sm dark:border-gray-800">
            <span className="font-medium">{USERS_MESSAGES.mobile}</span>
            <span data-testid="account-mobile" className="text-gray-500 tabular-nums dark:text-gray-400">
              {account.acode && account.acode !== '86' ? `+${account.acode} ` : ''}
              {account.mobile}
            </span>
          </div>
          <AccountActions />
        </Section>
      </div>
    </div>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        'scroll-mt-20 rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 md:p-6',
        'dark:bg-gray-900 dark:ring-white/10',
      )}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg bg-gray-50 px-3 py-6 text-center text-sm text-gray-500 dark:bg-gray-800/50 dark:text-gray-400"
    >
      {message}
    </p>
  );
}
