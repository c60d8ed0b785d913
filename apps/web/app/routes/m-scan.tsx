import { ApiError, formatMessage, STATUS, scanInfo } from '@evcircle/contract/client';
import { NonavFrame } from '~/features/layout/index.ts';
import { SITE_MESSAGES } from '~/features/platform/index.ts';
import { SCAN_LOGIN_MESSAGES, ScanConfirm, type ScanLoad } from '~/features/scan-login/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/m-scan';

/** A page that stands alone (layout nonav): the phone is mid-login, with nowhere to wander off to. */
export const handle: RouteHandle = { layout: 'nonav' };

/**
 * The request's details for the logged-in phone (a read; marking the code scanned is a
 * write the page does once it is open). Logged out, expired and unknown codes are
 * outcomes the page explains, not errors.
 */
export async function loader({ params, context }: Route.LoaderArgs): Promise<ScanLoad> {
  try {
    return { kind: 'info', info: await serverApi(context).call(scanInfo, { scanCode: params.scanCode }) };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === STATUS.NOT_LOGGED_IN) return { kind: 'logged-out' };
      // Unknown, malformed (4000) or gone: nothing to confirm, the computer must refresh its QR.
      if (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED) return { kind: 'expired' };
    }
    return { kind: 'failed' };
  }
}

export const meta: Route.MetaFunction = () => [
  { title: formatMessage(SITE_MESSAGES.pageTitle, { page: SCAN_LOGIN_MESSAGES.scanTitle }) },
  { name: 'robots', content: 'noindex' },
];

export default function ScanConfirmPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <NonavFrame>
      <div className="mx-auto w-full max-w-md flex-1 bg-white dark:bg-gray-900">
        <ScanConfirm scanCode={params.scanCode} load={loaderData} />
      </div>
    </NonavFrame>
  );
}
