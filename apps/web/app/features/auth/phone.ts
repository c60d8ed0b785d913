import { DEFAULT_AREA_CODE, PHONE_MAX_LENGTH } from '@evcircle/contract/client';

/** SPEC.md §5: a mainland mobile number: 1, then 3–9, 11 digits in all. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** SPEC.md §5: other area codes need at least 5 characters. */
const FOREIGN_MIN_LENGTH = 5;

/** Keeps what the phone input accepts: digits only, at most 11 (SPEC.md §5). */
export function cleanPhoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_MAX_LENGTH);
}

/** The number is valid for its area code, so the SMS button may be enabled. */
export function isValidPhone(acode: string, phone: string): boolean {
  if (acode === DEFAULT_AREA_CODE) return MAINLAND_MOBILE.test(phone);
  return phone.length >= FOREIGN_MIN_LENGTH;
}

/** The `mobile` field as SPEC.md §7 sends it: the area code prefixed when not 86 (852-91234567). */
export function mobileField(acode: string, phone: string): string {
  return acode === DEFAULT_AREA_CODE ? phone : `${acode}-${phone}`;
}

/** How the code step names the number: +86 138 0013 8000. */
export function displayPhone(acode: string, phone: string): string {
  const grouped = acode === DEFAULT_AREA_CODE ? phone.replace(/^(\d{3})(\d{0,4})(\d{0,4})$/, '$1 $2 $3').trim() : phone;
  return `+${acode} ${grouped}`;
}
