import { type ApiClient, createApiClient } from '@evcircle/contract';
import { createSession } from '../src/modules/auth/sessions.service.ts';
import { createInjectFetch } from '../src/platform/inject-fetch.ts';
import type { TestApp } from './build-test-app.ts';
import { createUser, type NewUser } from './factories/users.ts';

export type LoggedIn = { api: ApiClient; token: string };

/**
 * A real session for `userId` (as a login would make) and the contract client that
 * sends its bearer token. For tests whose subject is not the login itself.
 */
export async function loginAs(t: TestApp, userId: number, userAgent = 'vitest'): Promise<LoggedIn> {
  const token = await createSession(t.app.db, userId, 'sms', userAgent);
  return { api: clientWithToken(t, token), token };
}

/** The signed contract client sending `token` as `Authorization: Bearer`. */
export function clientWithToken(t: TestApp, token: string): ApiClient {
  return createApiClient({
    baseUrl: '',
    signSecret: t.config.API_SIGN_SECRET,
    fetch: createInjectFetch(t.app),
    getToken: () => token,
  });
}

export type Person = LoggedIn & { id: number; nickname: string };

/** A new member (createUser with `overrides`), logged in with a real session. */
export async function newPerson(t: TestApp, overrides: Partial<NewUser> = {}): Promise<Person> {
  const user = await createUser(t.app.db, overrides);
  return { ...(await loginAs(t, user.id)), id: user.id, nickname: user.nickname };
}
