import type { EndpointData, PayChannel, payMethods } from '@evcircle/contract/client';

// What every checkout decides the same way (VIP plans, shop orders), apart from React so
// it is tested alone.

/** A way to pay this server offers now (pay-methods). */
export type PayMethod = EndpointData<typeof payMethods>[number];

/**
 * The channel to pay through: a phone is sent to the provider's page (h5), a desktop
 * shows its QR code; when the method offers only the other one, that one.
 */
export function choosePayChannel(isMobile: boolean, channels: readonly PayChannel[]): PayChannel | null {
  const preferred: PayChannel = isMobile ? 'h5' : 'qr';
  if (channels.includes(preferred)) return preferred;
  return channels[0] ?? null;
}

/**
 * How long to wait before asking a poll again, or null to stop: a final answer never
 * changes, and a closed checkout has nobody to tell.
 */
export function nextPollDelay(isFinal: boolean, isOpen: boolean, intervalMs: number): number | null {
  if (!isOpen || isFinal) return null;
  return intervalMs;
}
