// The payments module's public face: order modules start attempts, close them, charge
// renewals and flag refunds through these; they learn of a payment from 'payment.paid' /
// 'payment.failed' (payments.events.ts), in the settling transaction.
import './payments.events.ts';

export { paymentsDeps, paymentsModule } from './payments.module.ts';
export {
  chargeAttempt,
  closeAtProviders,
  closeOpenAttempts,
  hasOpenAttempt,
  type PaymentsDeps,
  paidAttemptOf,
  requestRefund,
  startAttempt,
} from './payments.service.ts';
