import { describe, expect, it } from 'vitest';
import { inviteCodeFor, userIdFromInviteCode } from './invite-code.ts';

describe('invite codes', () => {
  it('round-trips ids and gives distinct 8-character codes', () => {
    const seen = new Set<string>();
    for (const id of [1, 2, 3, 42, 1000, 99_999, 1_000_000, 2 ** 39]) {
      const code = inviteCodeFor(id);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(userIdFromInviteCode(code)).toBe(id);
      seen.add(code);
    }
    expect(seen.size).toBe(8);
  });

  it('reads codes typed in lower case or with O/I/L for 0/1', () => {
    const code = inviteCodeFor(77);
    expect(userIdFromInviteCode(code.toLowerCase())).toBe(77);
    expect(userIdFromInviteCode(code.replace(/0/g, 'O').replace(/1/g, 'I'))).toBe(77);
  });

  it('refuses what is not a code', () => {
    expect(userIdFromInviteCode('')).toBeNull();
    expect(userIdFromInviteCode('ABC')).toBeNull();
    expect(userIdFromInviteCode('ABCDEFGU')).toBeNull();
  });
});
