import {
  ApiError,
  payMethods,
  STATUS,
  VIP_HISTORY_PAGE_SIZE,
  vipOrderHistory,
  vipPlans,
  vipStatus,
} from '@evcircle/contract/client';
import { plansOrFallback, VIP_MESSAGES, type ViewerMembership, VipPage } from '~/features/vip/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/vip';

/**
 * /vip (SPEC.md lists no path for it: docs/decisions/0020-vip.md): the plans, the viewer's
 * membership and orders, and buying. The plans show to everybody (SPEC.md §9's fallback
 * when their call fails); a visitor is asked to log in to buy.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [plans, status, history, methods] = await Promise.allSettled([
    api.call(vipPlans, {}),
    api.call(vipStatus, {}),
    api.call(vipOrderHistory, { page: 1, size: VIP_HISTORY_PAGE_SIZE }),
    api.call(payMethods, {}),
  ]);
  let membership: ViewerMembership;
  if (status.status === 'fulfilled') membership = { state: 'ok', status: status.value };
  else if (status.reason instanceof ApiError && status.reason.status === STATUS.NOT_LOGGED_IN) {
    membership = { state: 'guest' };
  } else {
    console.error('[vip] status failed', status.reason);
    membership = { state: 'failed' };
  }
  if (plans.status === 'rejected') console.error('[vip] plans failed', plans.reason);
  if (methods.status === 'rejected') console.error('[vip] pay methods failed', methods.reason);
  return {
    ...plansOrFallback(plans.status === 'fulfilled' ? plans.value : null),
    membership,
    history: history.status === 'fulfilled' ? history.value.items : null,
    methods: methods.status === 'fulfilled' ? methods.value : [],
  };
}

export const meta: Route.MetaFunction = () => [
  { title: VIP_MESSAGES.pageTitle },
  { name: 'description', content: VIP_MESSAGES.pageDescription },
];

export default function VipRoute({ loaderData }: Route.ComponentProps) {
  return <VipPage {...loaderData} />;
}
