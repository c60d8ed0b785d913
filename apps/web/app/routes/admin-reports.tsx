import { PAGE_SIZE, reportQueue } from '@evcircle/contract/client';
import { AdminRefusal } from '~/features/auth/index.ts';
import { QUEUE_STATUSES, type QueueStatus, REPORTS_MESSAGES, ReportQueue } from '~/features/reports/index.ts';
import { adminDenied } from '~/lib/admin-page.ts';
import { serverApi } from '~/lib/api.ts';
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
    const denied = adminDenied(error);
    if (denied) return denied;
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
      <AdminRefusal
        state={loaderData.state}
        messages={{
          guestTitle: REPORTS_MESSAGES.adminGuestTitle,
          guestHint: REPORTS_MESSAGES.adminGuestHint,
          forbiddenTitle: REPORTS_MESSAGES.forbiddenTitle,
          forbiddenHint: REPORTS_MESSAGES.forbiddenHint,
        }}
      />
      {loaderData.state === 'ok' ? (
        <ReportQueue key={loaderData.status} status={loaderData.status} firstPage={loaderData.items} />
      ) : null}
    </div>
  );
}
