import { ApiError, STATUS, sandboxCheckout } from '@evcircle/contract/client';
import { data } from 'react-router';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { NonavFrame } from '~/features/layout/index.ts';
import { PAYMENTS_MESSAGES, SandboxCheckoutError, SandboxCheckoutView } from '~/features/payments/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/pay-sandbox';

/**
 * /pay/sandbox/{tradeNo}?t={ticket}: the sandbox's cashier, the address pay-order answers
 * when the sandbox pays (a QR of it on desktop, a redirect on phones). No site navigation
 * (layout nonav), as a provider's cashier has none.
 */
export const handle: RouteHandle = { layout: 'nonav' };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ticket = { trade_no: params.tradeNo, t: new URL(request.url).searchParams.get('t') ?? '' };
  try {
    const checkout = await serverApi(context).call(sandboxCheckout, ticket);
    return { state: 'ok' as const, checkout, ticket };
  } catch (error) {
    // A forged, incomplete or stale address: the envelope's message, with a 404 for crawlers and logs.
    if (error instanceof ApiError && error.status < STATUS.SERVER_ERROR) {
      return data({ state: 'error' as const, message: error.message }, { status: 404 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: PAYMENTS_MESSAGES.documentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function PaySandboxPage({ loaderData }: Route.ComponentProps) {
  // Inside the nonav frame (features/layout): the cashier's own phone-width column.
  return (
    <NonavFrame>
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col">
        {loaderData.state === 'error' ? (
          <SandboxCheckoutError message={loaderData.message} />
        ) : (
          <SandboxCheckoutView checkout={loaderData.checkout} ticket={loaderData.ticket} />
        )}
      </div>
    </NonavFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
