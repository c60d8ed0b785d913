import { type VipPlanType, vipCreateOrder, vipPayOrder } from '@evcircle/contract';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { Person } from '../../../test/login-as.ts';

/** The trade number and ticket of a sandbox checkout address (…/pay/sandbox/{trade_no}?t=…). */
export function sandboxTicket(address: string): { trade_no: string; t: string } {
  const url = new URL(address);
  return { trade_no: decodeURIComponent(url.pathname.split('/').pop() ?? ''), t: url.searchParams.get('t') ?? '' };
}

/** Orders `plan` as `who` and starts paying it in the sandbox: the order number and the checkout's ticket. */
export async function sandboxOrder(who: Person, plan: VipPlanType = 'monthly', channel: 'qr' | 'h5' = 'h5') {
  const order = await who.api.call(vipCreateOrder, { plan_type: plan });
  const pay = await who.api.call(vipPayOrder, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: channel });
  return { orderNo: order.order_id, ...sandboxTicket(pay.pay_url || pay.code_url) };
}

/** POSTs a notification to the server's notify route as the provider would. */
export function postNotification(
  t: TestApp,
  provider: string,
  request: { headers: Record<string, unknown>; rawBody: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/pay/notify/${provider}`,
    headers: request.headers as Record<string, string>,
    payload: request.rawBody,
  });
}
