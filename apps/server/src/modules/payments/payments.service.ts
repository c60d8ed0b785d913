import { randomBytes } from 'node:crypto';
import { AppError, PAY_TYPE_NAMES, type PayChannel, type PayStartSchema, type PayType } from '@evcircle/contract';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { type Announce, transaction } from '../../platform/events.ts';
import {
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentLog,
  type PaymentNotice,
  type PaymentStart,
  type Payments,
  PaymentVerifyError,
} from '../../platform/payments/index.ts';
import { paymentNotices, payments } from './payments.tables.ts';

// Attempts, notifications, reconciliation and refunds (docs/decisions/0019-payments.md).
// Every way money can be reported — a provider's notification, a reconciliation query, an
// auto-renewal charge, the sandbox's buttons — ends in `settle`, which locks the attempt's
// row, checks merchant and amount, and moves it once: a replayed or concurrent report finds
// it already settled and changes nothing.

/** `publicUrl`: PUBLIC_URL, where providers post their notifications (/pay/notify/{provider}). */
export type PaymentsDeps = { db: Db; payments: Payments; log: PaymentLog; publicUrl: string };

/** Where providers post their notifications: outside /api (no envelope, no API sign), one path per provider. */
export const NOTIFY_PATH = '/pay/notify';

export type PaymentRow = typeof payments.$inferSelect;

/** What pay-order answers (VIP and shop orders alike). */
export type PayStart = z.infer<typeof PayStartSchema>;

/** What settling one verified report did; mismatch and unknown_trade are answered as failures (the provider tries again or gives up). */
export type SettleOutcome = 'settled' | 'duplicate' | 'refund_due' | 'failed' | 'closed' | 'unknown_trade' | 'mismatch';

/** Reconciliation asks the provider about attempts left pending this long (a notification may be late, not lost). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/** Attempts reconciled per run (oldest first); the rest wait for the next run. */
const RECONCILE_BATCH = 50;
const REFUND_BATCH = 20;

export type StartInput = {
  userId: number;
  purpose: string;
  orderRef: number;
  /** The order's own number; the attempt's trade number starts with it. */
  orderNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  payType: PayType;
  channel: PayChannel;
  clientIp: string;
  returnUrl: string;
};

function providerOf(deps: PaymentsDeps, payType: PayType) {
  const provider = deps.payments.providers.get(payType);
  if (!provider) throw new AppError('PAY_TYPE_UNAVAILABLE', { payType: PAY_TYPE_NAMES[payType] });
  return provider;
}

/** Open attempts of an order, locked (in the caller's transaction), marked closed; answers what was closed. */
export async function closeOpenAttempts(tx: Db, purpose: string, orderRef: number): Promise<PaymentRow[]> {
  const open = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.orderRef, orderRef), eq(payments.state, 'pending')))
    .orderBy(asc(payments.id))
    .for('update');
  if (open.length === 0) return [];
  await tx
    .update(payments)
    .set({ state: 'closed', updatedAt: new Date() })
    .where(
      inArray(
        payments.id,
        open.map((row) => row.id),
      ),
    );
  return open;
}

/** Tells the providers of closed attempts to close them too, so nobody can pay them any more; failures are logged. */
export async function closeAtProviders(deps: PaymentsDeps, closed: readonly PaymentRow[]): Promise<void> {
  await Promise.all(
    closed.map(async (row) => {
      const provider = deps.payments.providers.get(row.provider as PayType);
      try {
        await provider?.close(row.tradeNo);
      } catch (err) {
        deps.log.warn({ err, tradeNo: row.tradeNo, provider: row.provider }, 'payments: closing an attempt failed');
      }
    }),
  );
}

/** Whether an order has an attempt still open (reconciliation has not finished with it). */
export async function hasOpenAttempt(db: Db, purpose: string, orderRef: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.orderRef, orderRef), eq(payments.state, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** The attempt that paid an order, if any. */
export async function paidAttemptOf(db: Db, purpose: string, orderRef: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.purpose, purpose), eq(payments.orderRef, orderRef), eq(payments.state, 'paid')))
    .limit(1);
  return row ?? null;
}

/**
 * Records a new attempt of an order, closing its open ones in the same transaction (here and,
 * after commit, at their providers): a payer who switches from WeChat to Alipay must not be
 * able to pay both. Answers the attempt's trade number.
 */
async function recordAttempt(
  deps: PaymentsDeps,
  input: Omit<StartInput, 'channel' | 'clientIp'>,
  channel: PayChannel | 'auto',
): Promise<string> {
  const tradeNo = `${input.orderNo}_${randomBytes(3).toString('hex')}`;
  const closed = await transaction(deps.db, async (tx) => {
    const earlier = await closeOpenAttempts(tx, input.purpose, input.orderRef);
    await tx.insert(payments).values({
      tradeNo,
      userId: input.userId,
      purpose: input.purpose,
      orderRef: input.orderRef,
      provider: input.payType,
      channel,
      amountFen: input.amountFen,
      description: input.description,
      expiresAt: input.expiresAt,
      returnUrl: input.returnUrl,
    });
    return earlier;
  });
  await closeAtProviders(deps, closed);
  return tradeNo;
}

/**
 * Starts a new attempt for an order (recordAttempt), then asks the provider, and answers what
 * pay-order answers (the contract's PayStartSchema): a QR code's content or an address to open.
 * A provider that refuses leaves the attempt closed and the error for the caller. The caller
 * has checked the order may be paid.
 */
export async function startAttempt(deps: PaymentsDeps, input: StartInput): Promise<PayStart> {
  const provider = providerOf(deps, input.payType);
  if (!provider.channels.includes(input.channel)) {
    throw new AppError('PAY_CHANNEL_UNAVAILABLE', { payType: PAY_TYPE_NAMES[input.payType] });
  }
  const tradeNo = await recordAttempt(deps, input, input.channel);
  let start: PaymentStart;
  try {
    start = await provider.start({
      outTradeNo: tradeNo,
      amountFen: input.amountFen,
      description: input.description,
      expiresAt: input.expiresAt,
      channel: input.channel,
      clientIp: input.clientIp,
      returnUrl: input.returnUrl,
      notifyUrl: `${deps.publicUrl}${NOTIFY_PATH}/${input.payType}`,
    });
  } catch (err) {
    await deps.db
      .update(payments)
      .set({ state: 'closed', updatedAt: new Date() })
      .where(and(eq(payments.tradeNo, tradeNo), eq(payments.state, 'pending')));
    throw err;
  }
  return {
    order_id: input.orderNo,
    pay_type: input.payType,
    pay_channel: input.channel,
    kind: start.kind,
    code_url: start.kind === 'qr' ? start.codeUrl : '',
    pay_url: start.kind === 'redirect' ? start.url : '',
    amount: input.amountFen / 100,
    expires_at: input.expiresAt.toISOString(),
  };
}

async function recordNotice(
  db: Db,
  entry: { provider: string; source: string; tradeNo: string | null; outcome: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.insert(paymentNotices).values(entry);
}

/** Closes the other open attempts of a paid order, in the settling transaction. */
async function closeSiblings(tx: Db, paid: PaymentRow): Promise<PaymentRow[]> {
  const open = await closeOpenAttempts(tx, paid.purpose, paid.orderRef);
  return open.filter((row) => row.id !== paid.id);
}

/**
 * Settles one report about an attempt, once: the attempt's row is locked, so replays and
 * concurrent reports queue behind the first and find it settled. Paid → the order's module
 * grants what was bought in this same transaction ('payment.paid'); money on an attempt
 * that was already over is kept and flagged for refund; a report naming another merchant
 * or another amount is refused and kept for the audit.
 */
export async function settle(
  deps: PaymentsDeps,
  kind: PayType,
  notice: PaymentNotice,
  source: 'notify' | 'query' | 'charge',
): Promise<SettleOutcome> {
  const detail = { ...notice.raw, _state: notice.state, _amount_fen: notice.amountFen };
  const { outcome, siblings } = await transaction(deps.db, async (tx, announce) => {
    const result = await settleLocked(deps, tx, announce, kind, notice);
    await recordNotice(tx, { provider: kind, source, tradeNo: notice.outTradeNo, outcome: result.outcome, detail });
    return result;
  });
  if (outcome === 'mismatch' || outcome === 'unknown_trade') {
    deps.log.error({ provider: kind, tradeNo: notice.outTradeNo, outcome, source }, 'payments: report refused');
  } else if (outcome === 'refund_due') {
    deps.log.warn(
      { provider: kind, tradeNo: notice.outTradeNo, source },
      'payments: money on a closed attempt, refund due',
    );
  }
  await closeAtProviders(deps, siblings);
  return outcome;
}

async function settleLocked(
  deps: PaymentsDeps,
  tx: Db,
  announce: Announce,
  kind: PayType,
  notice: PaymentNotice,
): Promise<{ outcome: SettleOutcome; siblings: PaymentRow[] }> {
  const none: PaymentRow[] = [];
  const [row] = await tx.select().from(payments).where(eq(payments.tradeNo, notice.outTradeNo)).for('update');
  if (!row) return { outcome: 'unknown_trade', siblings: none };
  if (row.provider !== kind || notice.merchantId !== deps.payments.merchantIds.get(kind)) {
    return { outcome: 'mismatch', siblings: none };
  }
  const now = new Date();
  if (notice.state === 'paid') {
    if (notice.amountFen !== row.amountFen) return { outcome: 'mismatch', siblings: none };
    if (row.state === 'paid' || row.providerTradeNo === notice.providerTradeNo) {
      return { outcome: 'duplicate', siblings: none };
    }
    const paidAt = notice.paidAt ?? now;
    if (row.state !== 'pending') {
      // The attempt was over (closed after the order was paid another way, or expired):
      // the money is real, so it is recorded and given back, never kept silently.
      await tx
        .update(payments)
        .set({
          providerTradeNo: notice.providerTradeNo,
          paidAt,
          refundState: 'due',
          refundReason: '支付单已结束后到账',
          updatedAt: now,
        })
        .where(eq(payments.id, row.id));
      return { outcome: 'refund_due', siblings: none };
    }
    await tx
      .update(payments)
      .set({ state: 'paid', providerTradeNo: notice.providerTradeNo, paidAt, updatedAt: now })
      .where(eq(payments.id, row.id));
    const siblings = await closeSiblings(tx, row);
    await announce('payment.paid', {
      paymentId: row.id,
      purpose: row.purpose,
      orderRef: row.orderRef,
      userId: row.userId,
      amountFen: row.amountFen,
      provider: row.provider,
      paidAt: paidAt.toISOString(),
    });
    return { outcome: 'settled', siblings };
  }
  if (row.state !== 'pending') return { outcome: 'duplicate', siblings: none };
  await tx
    .update(payments)
    .set({ state: notice.state, providerTradeNo: notice.providerTradeNo || null, updatedAt: now })
    .where(eq(payments.id, row.id));
  if (notice.state === 'failed') {
    await announce('payment.failed', {
      paymentId: row.id,
      purpose: row.purpose,
      orderRef: row.orderRef,
      userId: row.userId,
    });
  }
  return { outcome: notice.state, siblings: none };
}

const ANSWERED_OK: readonly SettleOutcome[] = ['settled', 'duplicate', 'refund_due', 'failed', 'closed'];

/**
 * A provider's notification as it arrived: verified by the provider's own rules, settled,
 * and answered as the provider's protocol expects (a refusal makes it try again later).
 */
export async function receiveNotification(
  deps: PaymentsDeps,
  kind: PayType,
  request: NotificationRequest,
): Promise<NotificationAnswer> {
  const provider = providerOf(deps, kind);
  let notice: PaymentNotice;
  try {
    notice = await provider.verifyNotification(request);
  } catch (err) {
    const reason = err instanceof PaymentVerifyError ? err.message : 'verification crashed';
    // Only logged: anyone can post to the notify route, and what is not proven to come from
    // the provider must not be able to fill the database.
    deps.log.warn(
      {
        provider: kind,
        reason,
        bytes: request.rawBody.length,
        err: err instanceof PaymentVerifyError ? undefined : err,
      },
      'payments: notification refused',
    );
    return provider.answer(false);
  }
  try {
    const outcome = await settle(deps, kind, notice, 'notify');
    return provider.answer(ANSWERED_OK.includes(outcome));
  } catch (err) {
    // The database failed mid-way: nothing committed; the provider will send it again.
    deps.log.error({ err, provider: kind, tradeNo: notice.outTradeNo }, 'payments: settling a notification failed');
    return provider.answer(false);
  }
}

/**
 * Asks the providers about attempts still pending after RECONCILE_AFTER_MS, oldest first,
 * so a notification that never came still settles; an attempt past its expiry that the
 * provider has not paid is closed there and here. Safe to run in every process at once:
 * each attempt is settled under its row lock.
 */
export async function reconcile(deps: PaymentsDeps, now = new Date()): Promise<{ checked: number; settled: number }> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'pending'), lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS))))
    .orderBy(asc(payments.createdAt))
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const row of due) {
    const kind = row.provider as PayType;
    const provider = deps.payments.providers.get(kind);
    if (!provider) continue;
    try {
      const answer = await provider.query(row.tradeNo);
      if (answer.state === 'paid') {
        const outcome = await settle(
          deps,
          kind,
          {
            outTradeNo: row.tradeNo,
            providerTradeNo: answer.providerTradeNo,
            state: 'paid',
            amountFen: answer.amountFen,
            merchantId: answer.merchantId,
            paidAt: answer.paidAt,
            raw: { query: 'paid' },
          },
          'query',
        );
        if (outcome === 'settled') settled += 1;
      } else if (answer.state === 'closed' || row.expiresAt.getTime() <= now.getTime()) {
        if (answer.state !== 'closed') await provider.close(row.tradeNo);
        await settle(
          deps,
          kind,
          {
            outTradeNo: row.tradeNo,
            providerTradeNo: '',
            state: 'closed',
            amountFen: row.amountFen,
            merchantId: deps.payments.merchantIds.get(kind) ?? '',
            paidAt: null,
            raw: { query: answer.state },
          },
          'query',
        );
      }
    } catch (err) {
      deps.log.warn({ err, tradeNo: row.tradeNo, provider: kind }, 'payments: reconciling an attempt failed');
    }
  }
  return { checked: due.length, settled };
}

/** Flags a paid attempt's money to be given back (an admin's refund); the refund job returns it. */
export async function requestRefund(tx: Db, paymentId: number, reason: string): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ refundState: 'due', refundReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.refundState, 'none'), sql`${payments.paidAt} is not null`))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Gives back the money of attempts flagged `due`, through their providers; a refusal is retried next run. */
export async function processRefunds(deps: PaymentsDeps): Promise<number> {
  const due = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.refundState, 'due'))
    .orderBy(asc(payments.id))
    .limit(REFUND_BATCH);
  let done = 0;
  for (const row of due) {
    const provider = deps.payments.providers.get(row.provider as PayType);
    if (!provider) continue;
    try {
      const result = await provider.refund({
        outTradeNo: row.tradeNo,
        outRefundNo: `${row.tradeNo}R`,
        amountFen: row.amountFen,
        totalFen: row.amountFen,
        reason: row.refundReason ?? '退款',
      });
      const finished = result.state === 'success';
      await deps.db
        .update(payments)
        .set({
          refundState: finished ? 'done' : 'processing',
          refundedAt: finished ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, row.id), eq(payments.refundState, 'due')));
      await recordNotice(deps.db, {
        provider: row.provider,
        source: 'refund',
        tradeNo: row.tradeNo,
        outcome: result.state,
        detail: { amount_fen: row.amountFen, reason: row.refundReason },
      });
      if (finished) done += 1;
    } catch (err) {
      deps.log.error(
        { err, tradeNo: row.tradeNo, provider: row.provider },
        'payments: refund failed, retried next run',
      );
    }
  }
  return done;
}

/** An attempt by its trade number (the sandbox checkout). */
export async function attemptByTradeNo(db: Db, tradeNo: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return row ?? null;
}

export type ChargeInput = Omit<StartInput, 'channel' | 'clientIp'>;

/**
 * Charges an order without the payer present (auto-renew), where the provider has an
 * agreement to: the attempt is recorded first, the provider's answer settles it through
 * `settle` like any report. Answers whether the money arrived; null when the provider
 * cannot charge (the caller sends a reminder with a pay link instead).
 */
export async function chargeAttempt(deps: PaymentsDeps, input: ChargeInput): Promise<'paid' | 'failed' | null> {
  const provider = providerOf(deps, input.payType);
  if (!provider.charge) return null;
  const tradeNo = await recordAttempt(deps, input, 'auto');
  const merchantId = deps.payments.merchantIds.get(input.payType) ?? '';
  let result: Awaited<ReturnType<NonNullable<typeof provider.charge>>>;
  try {
    result = await provider.charge({
      outTradeNo: tradeNo,
      amountFen: input.amountFen,
      description: input.description,
      userId: input.userId,
    });
  } catch (err) {
    // Unknown whether it charged: the attempt stays pending and reconciliation asks the provider.
    deps.log.error({ err, tradeNo }, 'payments: auto-renewal charge failed to answer');
    return 'failed';
  }
  const outcome = await settle(
    deps,
    input.payType,
    {
      outTradeNo: tradeNo,
      providerTradeNo: result.state === 'paid' ? result.providerTradeNo : '',
      state: result.state,
      amountFen: input.amountFen,
      merchantId,
      paidAt: result.state === 'paid' ? new Date() : null,
      raw: result.state === 'failed' ? { reason: result.reason } : {},
    },
    'charge',
  );
  return outcome === 'settled' ? 'paid' : 'failed';
}
