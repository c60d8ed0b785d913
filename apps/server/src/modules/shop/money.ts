// Money in the shop: integer fen inside, yuan with two decimals in answers (0012-shop-rules.md).

/** Fen of a yuan amount as an admin types it ("199", "199.9", "199.90"), exactly (no floats). */
export function fenOf(yuan: string): number {
  const [whole = '0', fraction = ''] = yuan.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** "199.00" for 19900. */
export function yuanOf(fen: number): string {
  const whole = Math.floor(fen / 100);
  const rest = fen % 100;
  return `${whole}.${rest.toString().padStart(2, '0')}`;
}

/** yuanOf, or '' for no amount (a missing market or promotion price). */
export function optionalYuan(fen: number | null): string {
  return fen === null ? '' : yuanOf(fen);
}
