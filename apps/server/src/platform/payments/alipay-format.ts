// The text forms Alipay's OpenAPI 2.0 speaks, apart from the adapter so each can be tested
// on its own: amounts as yuan text, times as Beijing wall-clock text, and the
// form-encoded body of an asynchronous notification in the charset it names.
import { PaymentVerifyError } from './types.ts';

/** Beijing time is UTC+8 all year (China has no daylight saving time). */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The largest amount one Alipay trade can carry: 100,000,000.00 yuan. */
const MAX_FEN = 10_000_000_000;

/**
 * Fen to the yuan text Alipay wants (`total_amount`, `refund_amount`): two decimals,
 * by integer arithmetic so 1999 fen is exactly "19.99", never 19.990000000000002.
 */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen <= 0 || fen > MAX_FEN) {
    throw new RangeError(`an Alipay amount is 1 to ${MAX_FEN} fen, not ${fen}`);
  }
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan text ("19.99", "20.1", "20") to fen, exactly; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const match = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A moment as Alipay writes it: "yyyy-MM-dd HH:mm:ss", Beijing time (timestamp, time_expire). */
export function shanghaiTime(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "yyyy-MM-dd HH:mm:ss" in Beijing time (gmt_payment, send_pay_date) to a Date; null when malformed. */
export function parseShanghaiTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return null;
  const utc = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(utc) ? null : new Date(utc - SHANGHAI_OFFSET_MS);
}

/** The charsets Alipay may post in (it posts in the one the request named; ours name utf-8). */
const CHARSETS: Record<string, string> = { 'utf-8': 'utf-8', utf8: 'utf-8', gbk: 'gbk', gb2312: 'gbk' };

/** The bytes a form-encoded value stands for: `+` is a space, `%XX` a byte. */
function formBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '+') {
      bytes.push(0x20);
    } else if (ch === '%') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new PaymentVerifyError('malformed form encoding');
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Uint8Array.from(bytes);
}

/**
 * Reads an asynchronous notification's body (application/x-www-form-urlencoded). The
 * values are decoded in the body's own `charset` field (utf-8 when absent), which is how
 * Alipay encodes them. A name given twice, a bad escape, an unknown charset or bytes that
 * are not text in that charset make it unreadable: PaymentVerifyError, since a body we
 * cannot read exactly is a body whose signature we cannot check.
 */
export function parseAlipayForm(rawBody: string): Record<string, string> {
  const pairs = rawBody
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    }) as [string, string][];
  const charsetValue = pairs.find(([name]) => name === 'charset')?.[1];
  const charset = CHARSETS[(charsetValue ? new TextDecoder().decode(formBytes(charsetValue)) : 'utf-8').toLowerCase()];
  if (!charset) throw new PaymentVerifyError('unsupported charset');
  const decoder = new TextDecoder(charset, { fatal: true });
  const fields = new Map<string, string>();
  for (const [rawName, rawValue] of pairs) {
    let name: string;
    let value: string;
    try {
      name = decoder.decode(formBytes(rawName));
      value = decoder.decode(formBytes(rawValue));
    } catch (err) {
      if (err instanceof PaymentVerifyError) throw err;
      throw new PaymentVerifyError(`not ${charset} text`);
    }
    if (fields.has(name)) throw new PaymentVerifyError(`field ${name} given twice`);
    fields.set(name, value);
  }
  // fromEntries defines own properties, so a field named __proto__ stays a field.
  return Object.fromEntries(fields);
}
