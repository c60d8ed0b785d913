import { AppError, type SandboxCheckoutSchema } from '@evcircle/contract';
import type { z } from 'zod';
import { attemptByTradeNo, type PaymentRow, type PaymentsDeps, receiveNotification } from './payments.service.ts';

// The sandbox's checkout page (/pay/sandbox/{trade_no}?t=…): what it shows, and its
// 支付成功 / 支付失败 buttons, which make the signed notification a provider would send
// and hand it to the same receiver as WeChat Pay's and Alipay's.

type SandboxCheckout = z.infer<typeof SandboxCheckoutSchema>;

function checkoutView(row: PaymentRow, now: Date): SandboxCheckout {
  const over = row.state === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    trade_no: row.tradeNo,
    description: row.description,
    amount: row.amountFen / 100,
    state: over ? 'closed' : (row.state as SandboxCheckout['state']),
    expires_at: row.expiresAt.toISOString(),
    return_url: row.returnUrl,
  };
}

/** The attempt a checkout address names, when the sandbox is on and the address is the one pay-order gave. */
async function ticketed(deps: PaymentsDeps, tradeNo: string, ticket: string): Promise<PaymentRow> {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw new AppError('PAY_TYPE_UNAVAILABLE', { payType: '沙箱支付' });
  if (!sandbox.checkTicket(tradeNo, ticket)) throw new AppError('PAYMENT_NOT_FOUND');
  const row = await attemptByTradeNo(deps.db, tradeNo);
  if (row?.provider !== 'sandbox') throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

export async function sandboxCheckoutView(
  deps: PaymentsDeps,
  tradeNo: string,
  ticket: string,
): Promise<SandboxCheckout> {
  return checkoutView(await ticketed(deps, tradeNo, ticket), new Date());
}

export async function completeSandboxPayment(
  deps: PaymentsDeps,
  tradeNo: string,
  ticket: string,
  outcome: 'paid' | 'failed',
): Promise<SandboxCheckout> {
  const row = await ticketed(deps, tradeNo, ticket);
  const now = new Date();
  if (checkoutView(row, now).state !== 'pending') throw new AppError('PAYMENT_CLOSED');
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw new AppError('PAY_TYPE_UNAVAILABLE', { payType: '沙箱支付' });
  const answer = await receiveNotification(deps, 'sandbox', sandbox.notification(tradeNo, outcome, row.amountFen));
  if (answer.statusCode >= 300) throw new AppError('PAYMENT_PROVIDER_FAILED');
  const after = await attemptByTradeNo(deps.db, tradeNo);
  return checkoutView(after ?? row, now);
}
