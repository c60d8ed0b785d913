import { AppError } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone.ts';

function refused(mobile: string, acode?: string): unknown {
  try {
    parsePhone(mobile, acode);
  } catch (err) {
    return err;
  }
  return null;
}

describe('parsePhone (SPEC.md §5)', () => {
  it('accepts mainland numbers: 1, then 3–9, 11 digits', () => {
    expect(parsePhone('13800138000', '86')).toEqual({
      acode: '86',
      mobile: '13800138000',
      key: '86-13800138000',
      prefix: '86-1380013',
    });
    expect(parsePhone(' 199 1234 5678 ').mobile).toBe('19912345678');
    expect(parsePhone('86-15012345678', '86').mobile).toBe('15012345678');
  });

  it.each([
    ['12812345678', 'second digit 2'],
    ['1381234567', '10 digits'],
    ['138123456789', '12 digits'],
    ['23812345678', 'does not start with 1'],
    ['1381234567a', 'a letter'],
    ['', 'empty'],
  ])('refuses the mainland number %s (%s)', (mobile) => {
    const error = refused(mobile, '86');
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'MOBILE_INVALID' });
  });

  it('accepts other area codes with at least 5 digits, with or without the client’s prefix', () => {
    expect(parsePhone('91234567', '852')).toMatchObject({ acode: '852', mobile: '91234567', key: '852-91234567' });
    expect(parsePhone('852-91234567', '852')).toMatchObject({ acode: '852', mobile: '91234567' });
    expect(parsePhone('+852-91234567', '+852')).toMatchObject({ acode: '852', mobile: '91234567' });
    expect(parsePhone('12345', '1').mobile).toBe('12345');
    // Not the mainland rule for other area codes.
    expect(parsePhone('0212345678', '44').mobile).toBe('0212345678');
  });

  it.each([
    ['1234', '852', 'four digits'],
    ['853-91234567', '852', 'a prefix that disagrees with the area code'],
    ['852-', '852', 'nothing after the prefix'],
    ['852-9123-4567', '852', 'a second dash'],
    ['9123456x', '852', 'a letter'],
    ['123456789012345', '852', 'longer than E.164 allows'],
    ['91234567', '0', 'area code 0'],
  ])('refuses %s for area code %s (%s)', (mobile, acode) => {
    expect(refused(mobile, acode)).toMatchObject({ code: 'MOBILE_INVALID' });
  });
});
