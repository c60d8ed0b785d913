/**
 * Invite codes are the user id, scrambled and written in Crockford base 32: 8 characters,
 * unique by construction (a bijection on 40 bits), no column and no collisions, and
 * consecutive users do not get look-alike codes.
 */
const BITS = 40n;
const MOD = 1n << BITS;
const MASK = MOD - 1n;
/** Odd, so it has an inverse modulo 2^40. */
const MULTIPLIER = 0x5deece66dn;
const XOR = 0x9e3779b97n & MASK;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

function inverse(a: bigint): bigint {
  // Newton's iteration for the inverse modulo 2^k of an odd number.
  let x = a;
  for (let i = 0; i < 6; i++) x = (x * (2n - a * x)) & MASK;
  return x;
}
const INVERSE = inverse(MULTIPLIER);

export function inviteCodeFor(userId: number): string {
  let n = ((BigInt(userId) * MULTIPLIER) & MASK) ^ XOR;
  let out = '';
  for (let i = 0; i < LENGTH; i++) {
    out = ALPHABET[Number(n & 31n)] + out;
    n >>= 5n;
  }
  return out;
}

/** The user id an invite code stands for, or null when it is not a code we issue. */
export function userIdFromInviteCode(code: string): number | null {
  const normalized = code.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  if (normalized.length !== LENGTH) return null;
  let n = 0n;
  for (const ch of normalized) {
    const value = ALPHABET.indexOf(ch);
    if (value < 0) return null;
    n = (n << 5n) | BigInt(value);
  }
  const id = Number((((n ^ XOR) & MASK) * INVERSE) & MASK);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
