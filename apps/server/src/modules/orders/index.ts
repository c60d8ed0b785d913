// The orders module's public face: its descriptor. It learns of payments from
// 'payment.paid' (purpose 'shop') and reaches the shop, points and payments through theirs.
export { ordersModule } from './orders.module.ts';
