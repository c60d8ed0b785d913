// The shop's orders on the web (issue 17; docs/decisions/0021-shop-orders.md): checkout,
// the buyer's orders and an order's page, and the orders' admin. Paying goes through the
// payments feature's shared parts, as the VIP checkout does.
export { AdminOrderDetail } from './admin-order-detail.tsx';
export { AdminOrdersList } from './admin-orders-list.tsx';
export { CheckoutView, type OrderPreview } from './checkout-view.tsx';
export { ORDERS_MESSAGES } from './messages.ts';
export { OrderDetailView } from './order-detail-view.tsx';
export { cidsFromSearch, stateFromSearch } from './order-rules.ts';
export { OrdersListView } from './orders-list-view.tsx';
export { OrdersPageFrame } from './orders-page-frame.tsx';
