import {
  addressDelete,
  addressList,
  addressRegions,
  addressSave,
  adminOrderInfo,
  adminOrderList,
  adminOrderRefund,
  adminOrderShip,
  orderCancel,
  orderConfirm,
  orderCreate,
  orderInfo,
  orderList,
  orderPay,
  orderPreview,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { paymentsDeps } from '../payments/index.ts';
import { deleteAddress, deleteAddressesOf, listAddresses, saveAddress } from './addresses.service.ts';
import { cancelOrder, confirmOrder, refundOrder, shipOrder } from './order-life.service.ts';
import {
  adminView,
  listAllOrders,
  listOwnOrders,
  orderByNo,
  orderView,
  ownOrder,
  SHOP_PURPOSE,
} from './order-views.ts';
import * as service from './orders.service.ts';
import * as tables from './orders.tables.ts';
import { scheduleOrderJobs } from './orders-jobs.ts';
import { listRegions } from './regions.service.ts';

/**
 * The shop's checkout (issue 17; docs/decisions/0021-shop-orders.md): the address book,
 * orders made from cart lines that reserve stock and spend points, paid through the
 * payments module, shipped, completed, cancelled or refunded.
 */
export const ordersModule = defineModule({
  name: 'orders',
  tables,
  endpoints: (app) => {
    const deps = paymentsDeps(app);
    const db = app.db;
    return [
      serve(addressRegions, () => listRegions()),
      serve(addressList, (_input, { viewer }) => listAddresses(db, viewer.id)),
      serve(addressSave, ({ id, ...fields }, { viewer }) => saveAddress(db, viewer.id, { id, ...fields })),
      serve(addressDelete, async ({ id }, { viewer }) => {
        await deleteAddress(db, viewer.id, id);
        return { result: true };
      }),
      serve(orderPreview, ({ cids, address_id, use_points }, { viewer }) =>
        service.previewOrder(db, viewer.id, { cids, addressId: address_id, usePoints: use_points }),
      ),
      serve(orderCreate, ({ cids, address_id, use_points }, { viewer }) =>
        service.createOrder(db, viewer.id, { cids, addressId: address_id, usePoints: use_points }),
      ),
      serve(orderPay, ({ order_id, pay_type, pay_channel }, { viewer, request }) =>
        service.payOrder(deps, viewer.id, {
          orderNo: order_id,
          payType: pay_type,
          channel: pay_channel,
          clientIp: request.ip,
        }),
      ),
      serve(orderList, (query, { viewer }) => listOwnOrders(db, viewer.id, query)),
      serve(orderInfo, async ({ order_id }, { viewer }) => orderView(db, await ownOrder(db, viewer.id, order_id))),
      serve(orderCancel, ({ order_id }, { viewer }) => cancelOrder(deps, viewer.id, order_id)),
      serve(orderConfirm, ({ order_id }, { viewer }) => confirmOrder(db, viewer.id, order_id)),
      serve(adminOrderList, (query) => listAllOrders(db, query)),
      serve(adminOrderInfo, async ({ order_id }) => adminView(db, await orderByNo(db, order_id))),
      serve(adminOrderShip, ({ order_id, courier, tracking_no }) =>
        shipOrder(db, { orderNo: order_id, courier, trackingNo: tracking_no }),
      ),
      serve(adminOrderRefund, ({ order_id, reason }) => refundOrder(db, { orderNo: order_id, reason })),
    ];
  },
  routes: async (app) => {
    const jobs = scheduleOrderJobs(paymentsDeps(app));
    app.addHook('onClose', async () => jobs.stop());
  },
  events: {
    'payment.paid': {
      inTransaction: async (payment, tx) => {
        if (payment.purpose === SHOP_PURPOSE) await service.receivePayment(tx, payment);
      },
    },
    // A deleted account's addresses go with it; its orders keep their own copies (the shop's books).
    'account.deleted': { inTransaction: ({ userId }, tx) => deleteAddressesOf(tx, userId) },
  },
});
