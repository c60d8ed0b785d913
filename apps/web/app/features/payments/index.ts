// The payments feature's public face: the sandbox checkout page, and what every checkout
// shows of time and money (the VIP QR dialog counts down with the same hook).
export { PAYMENTS_MESSAGES } from './messages.ts';
export { formatAmount, formatCountdown, secondsUntil } from './pay-time.ts';
export {
  type SandboxCheckout,
  SandboxCheckoutError,
  SandboxCheckoutView,
  type SandboxTicket,
} from './sandbox-checkout.tsx';
export { useSecondsLeft } from './use-seconds-left.ts';
