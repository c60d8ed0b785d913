// Amounts as the client reads them: answers carry yuan text with two decimals ("199.00");
// sums the page shows itself (the cart's chosen lines) are made in integer fen, never floats.

/** Yuan text ("199.00") as integer fen; 0 for text that is not an amount. */
export function yuanToFen(yuan: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return 0;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer fen as yuan text with two decimals. */
export function fenToYuan(fen: number): string {
  const whole = Math.max(0, Math.round(fen));
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
