// Who the fuzz calls as: an anonymous visitor, a member, and an administrator (also a VIP,
// so the VIP-only endpoints are reached past their gate). A fuzzed logout or account
// deletion ends a session: the next call of that role then gets a new person.

import type { TestApp } from '../build-test-app.ts';
import { createUser } from '../factories/users.ts';
import { loginAs } from '../login-as.ts';

export const ROLES = ['anonymous', 'user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const TEN_YEARS_MS = 10 * 365 * 86_400_000;

export type Sessions = {
  token(role: Role): Promise<string | null>;
  /** The role's session ended (the server answered 2011): log in a new person next time. */
  ended(role: Role): void;
};

export function fuzzSessions(t: TestApp): Sessions {
  const tokens = new Map<Role, string>();
  async function login(role: Exclude<Role, 'anonymous'>): Promise<string> {
    const user = await createUser(
      t.app.db,
      role === 'admin' ? { role: 'admin', vipUntil: new Date(Date.now() + TEN_YEARS_MS) } : {},
    );
    return (await loginAs(t, user.id, 'fuzz')).token;
  }
  return {
    async token(role) {
      if (role === 'anonymous') return null;
      let token = tokens.get(role);
      if (!token) {
        token = await login(role);
        tokens.set(role, token);
      }
      return token;
    },
    ended(role) {
      tokens.delete(role);
    },
  };
}
