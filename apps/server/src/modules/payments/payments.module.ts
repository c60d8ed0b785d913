import {
  PAY_TYPE_NAMES,
  PAY_TYPES,
  type PayType,
  payMethods,
  sandboxCheckout,
  sandboxComplete,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { NOTIFY_PATH, type PaymentsDeps, receiveNotification } from './payments.service.ts';
import * as tables from './payments.tables.ts';
import { schedulePaymentJobs } from './payments-jobs.ts';
import { completeSandboxPayment, sandboxCheckoutView } from './sandbox-checkout.ts';

/** A notification is a few KB; anything larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;
/** Notifications accepted per minute from one address. */
const NOTIFY_PER_MINUTE = 600;

export function paymentsDeps(app: FastifyInstance): PaymentsDeps {
  return { db: app.db, payments: app.payments, log: app.log, publicUrl: app.config.PUBLIC_URL };
}

/**
 * Payments (docs/decisions/0019-payments.md): attempts at the configured providers, their
 * notifications (verified by each provider's rules, then settled once), the sandbox's
 * checkout, and the jobs that reconcile open attempts and return money flagged for refund.
 */
export const paymentsModule = defineModule({
  name: 'payments',
  tables,
  endpoints: (app) => {
    const deps = paymentsDeps(app);
    return [
      serve(payMethods, () =>
        PAY_TYPES.filter((payType) => app.payments.providers.has(payType)).map((payType) => ({
          pay_type: payType,
          name: PAY_TYPE_NAMES[payType],
          channels: [...(app.payments.providers.get(payType)?.channels ?? [])],
        })),
      ),
      serve(sandboxCheckout, ({ trade_no, t }) => sandboxCheckoutView(deps, trade_no, t)),
      serve(sandboxComplete, ({ trade_no, t, outcome }) => completeSandboxPayment(deps, trade_no, t, outcome)),
    ];
  },
  routes: async (app) => {
    const deps = paymentsDeps(app);
    // The body must reach the verifier byte for byte: no parsing before it.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
        done(null, body),
      );
      scope.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, async (request, reply) => {
        const kind = request.params.provider as PayType;
        if (!PAY_TYPES.includes(kind) || !app.payments.providers.has(kind)) {
          return reply.code(404).type('text/plain').send('unknown provider');
        }
        // Far above what a provider sends (a few retries per payment), far below a flood.
        const { allowed, retryAfter } = await app.limiter.hit(`pay-notify:${request.ip}`, NOTIFY_PER_MINUTE, 60);
        if (!allowed) {
          return reply
            .code(429)
            .header('retry-after', String(retryAfter))
            .type('text/plain')
            .send('too many notifications');
        }
        const answer = await receiveNotification(deps, kind, {
          headers: request.headers,
          rawBody: typeof request.body === 'string' ? request.body : '',
        });
        return reply.code(answer.statusCode).type(answer.contentType).send(answer.body);
      });
    });
    const jobs = schedulePaymentJobs(deps);
    app.addHook('onClose', async () => jobs.stop());
  },
});
