// The VIP feature's public face: the /vip page (its checkout and the return from a
// provider's page load with it on demand) and its wording.
export { plansOrFallback } from './checkout-rules.ts';
export type { PayMethod } from './checkout-sheet.tsx';
export { VIP_MESSAGES } from './messages.ts';
export type { VipOrder } from './order-history.tsx';
export type { ViewerMembership } from './status-card.tsx';
export { VipPage } from './vip-page.tsx';
