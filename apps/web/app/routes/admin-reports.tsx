import { ApiError, PAGE_SIZE, reportQueue, STATUS } from '@evcircle/contract/client';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { data, Link } from 'react-router';
import { LoginPrompt } from '~/features/auth/index.ts';
import { QUEUE_STATUSES, type QueueStatus, REPORTS_MESSAGES, ReportQueue } from '~/features/reports/index.ts';
import { serverApi } from '~/lib/api.ts';
import { buttonClass } from '~/ui/button.tsx';
import type { Route } from './+types/admin-reports';

function statusOf(url: URL): QueueStatus {
  const wanted = url.searchParams.get('status');
  return QUEUE_STATUSES.find((s) => s === wanted) ?? 'open';
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const status = statusOf(new URL(request.url));
  try {
    const items = await serverApi(context).call(reportQueue, { status, page: 1, size: PAGE_SIZE.posts });
    return { state: 'ok' as const, status, items };
  } catch (error) {
    // Logged out and not an admin are states of this page, not failures.
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    if (error instanceof ApiError && error.status === STATUS.FORBIDDEN) {
      return data({ state: 'forbidden' as const }, { status: 403 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: REPORTS_MESSAGES.adminTitle },
  { name: 'robots', content: 'noindex' },
];

export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-4 px-1 text-xl font-bold md:text-2xl">{REPORTS_MESSAGES.adminHeading}</h1>
      {loaderData.state === 'guest' ? (
        <LoginPrompt
          icon={ShieldCheck}
          title={REPORTS_MESSAGES.adminGuestTitle}
          hint={REPORTS_MESSAGES.adminGuestHint}
          testId="admin-guest"
        />
      ) : null}
      {loaderData.state === 'forbidden' ? (
        <div
          data-testid="admin-forbidden"
          className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/60">
            <ShieldAlert aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />
          </span>
          <p className="mt-5 text-base font-medium">{REPORTS_MESSAGES.forbiddenTitle}</p>
          <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{REPORTS_MESSAGES.forbiddenHint}</p>
          <Link to="/" className={buttonClass('outline', 'md', 'mt-8 min-w-40')}>
            {REPORTS_MESSAGES.backHome}
          </Link>
        </div>
      ) : null}
      {loaderData.state === 'ok' ? (
        <ReportQueue key={loaderData.status} status={loaderData.status} firstPage={loaderData.items} />
      ) : null}
    </div>
  );
}
