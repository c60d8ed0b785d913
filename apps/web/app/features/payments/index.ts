// The payments feature's public face: the sandbox checkout page, and what every checkout
// (VIP plans, shop orders) shares to pay: the method choice, the QR panel, the poll of an
// order's state, and how time and money read.
export { PAYMENTS_MESSAGES } from './messages.ts';
export { PayMethodPicker } from './pay-method-picker.tsx';
export { PayQrPanel, type PayStart } from './pay-qr-panel.tsx';
export { choosePayChannel, type PayMethod } from './pay-rules.ts';
export { formatAmount, formatCountdown, secondsUntil } from './pay-time.ts';
export {
  type SandboxCheckout,
  SandboxCheckoutError,
  SandboxCheckoutView,
  type SandboxTicket,
} from './sandbox-checkout.tsx';
export { type Poll, usePoll } from './use-poll.ts';
export { useSecondsLeft } from './use-seconds-left.ts';
