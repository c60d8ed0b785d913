import {
  vipAutoRenew,
  vipCreateOrder,
  vipOrderHistory,
  vipOrderStatus,
  vipPayOrder,
  vipPlans,
  vipStatus,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { paymentsDeps } from '../payments/index.ts';
import * as service from './vip.service.ts';
import * as tables from './vip.tables.ts';
import { scheduleVipJobs } from './vip-jobs.ts';

/**
 * VIP membership (SPEC.md §7 "VIP"; docs/decisions/0020-vip.md): plans, orders paid
 * through the payments module, the membership they extend, and auto-renew.
 */
export const vipModule = defineModule({
  name: 'vip',
  tables,
  endpoints: (app) => {
    const deps = paymentsDeps(app);
    return [
      serve(vipPlans, () => service.listPlans(app.db)),
      serve(vipStatus, (_input, { viewer }) => service.membershipStatus(app.db, viewer.id)),
      serve(vipCreateOrder, ({ plan_type }, { viewer }) => service.createOrder(app.db, viewer.id, plan_type)),
      serve(vipPayOrder, ({ order_id, pay_type, pay_channel }, { viewer, request }) =>
        service.payOrder(deps, viewer.id, {
          orderNo: order_id,
          payType: pay_type,
          channel: pay_channel,
          clientIp: request.ip,
        }),
      ),
      serve(vipOrderStatus, ({ order_id }, { viewer }) => service.orderStatus(app.db, viewer.id, order_id)),
      serve(vipOrderHistory, ({ page, size }, { viewer }) => service.orderHistory(app.db, viewer.id, page, size)),
      serve(vipAutoRenew, ({ auto_renew }, { viewer }) => service.setAutoRenew(app.db, viewer.id, auto_renew)),
    ];
  },
  routes: async (app) => {
    await service.seedPlans(app.db);
    const jobs = scheduleVipJobs(paymentsDeps(app));
    app.addHook('onClose', async () => jobs.stop());
  },
  events: {
    'payment.paid': {
      inTransaction: async (payment, tx) => {
        if (payment.purpose === service.VIP_PURPOSE) await service.grantPaidOrder(tx, payment);
      },
    },
    'payment.failed': {
      inTransaction: async (payment, tx) => {
        if (payment.purpose === service.VIP_PURPOSE) await service.failOrder(tx, payment.orderRef);
      },
    },
  },
});
