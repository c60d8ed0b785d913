import { AppError, DEFAULT_AREA_CODE } from '@evcircle/contract';

/** A validated number: area code without '+', national digits, and the keys limits use. */
export type Phone = {
  acode: string;
  mobile: string;
  /** `${acode}-${mobile}`: the sms_codes key and the per-number limit key. */
  key: string;
  /** All but the last 4 digits (`86-1380013`): the per-prefix limit key. */
  prefix: string;
};

/** SPEC.md §5: a mainland mobile number starts with 1, then 3–9, 11 digits in all. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Other area codes: at least 5 digits (SPEC.md §5); E.164 allows 15 with the area code. */
const OTHER_MOBILE = /^\d{5,14}$/;
const AREA_CODE = /^[1-9]\d{0,3}$/;

/**
 * Validates a number as the login modal sends it. SPEC.md §7: for area codes other
 * than 86 the client prefixes the area code (`852-91234567`); either form is accepted,
 * and a prefix that disagrees with `acode` is refused. Spaces are ignored.
 * Anything else is MOBILE_INVALID.
 */
export function parsePhone(rawMobile: string, rawAcode: string = DEFAULT_AREA_CODE): Phone {
  const acode = rawAcode.trim().replace(/^\+/, '');
  if (!AREA_CODE.test(acode)) throw new AppError('MOBILE_INVALID');
  let mobile = rawMobile.replace(/\s+/g, '');
  const dash = mobile.indexOf('-');
  if (dash >= 0) {
    const prefix = mobile.slice(0, dash).replace(/^\+/, '');
    if (prefix !== acode) throw new AppError('MOBILE_INVALID');
    mobile = mobile.slice(dash + 1);
  }
  const valid = acode === DEFAULT_AREA_CODE ? MAINLAND_MOBILE.test(mobile) : OTHER_MOBILE.test(mobile);
  if (!valid) throw new AppError('MOBILE_INVALID');
  return { acode, mobile, key: `${acode}-${mobile}`, prefix: `${acode}-${mobile.slice(0, -4)}` };
}
