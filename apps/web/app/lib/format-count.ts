import { formatMessage } from '@evcircle/contract/client';

const COUNT_MESSAGES = {
  tenThousand: '{n}万',
} as const;

/** Counts the Chinese way: 9999 stays, 12345 becomes 1.2万, 100000 becomes 10万. */
export function formatCount(count: number): string {
  if (count < 10_000) return String(count);
  const n = Math.floor(count / 1000) / 10;
  return formatMessage(COUNT_MESSAGES.tenThousand, { n: Number.isInteger(n) ? n.toFixed(0) : n.toFixed(1) });
}
