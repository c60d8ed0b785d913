import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { users } from '../accounts/accounts.tables.ts';
import { sessions } from './auth.tables.ts';
import {
  createSession,
  resolveSession,
  revokeAllSessions,
  revokeSession,
  VIEWER_CACHE_MS,
} from './sessions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('resolveSession from memory', () => {
  it('answers a session recognised in the last VIEWER_CACHE_MS without the database', async () => {
    const user = await createUser(t.app.db);
    const token = await createSession(t.app.db, user.id, 'sms', 'vitest');
    const now = new Date();
    expect(await resolveSession(t.app.db, token, now)).toMatchObject({ id: user.id, role: 'user' });
    // Removed behind the app's back (no event): still remembered for a moment…
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await resolveSession(t.app.db, token, new Date(now.getTime() + 1000))).toMatchObject({ id: user.id });
    // …and looked up again once that moment has passed.
    expect(await resolveSession(t.app.db, token, new Date(now.getTime() + VIEWER_CACHE_MS + 1))).toBeNull();
  });

  it('forgets a session the moment it is ended, one or all', async () => {
    const user = await createUser(t.app.db);
    const [one, two] = [
      await createSession(t.app.db, user.id, 'sms', 'vitest'),
      await createSession(t.app.db, user.id, 'scan', 'vitest'),
    ];
    const viewer = await resolveSession(t.app.db, one);
    await resolveSession(t.app.db, two);
    await revokeSession(t.app.db, user.id, viewer!.sessionId);
    expect(await resolveSession(t.app.db, one)).toBeNull();
    await revokeAllSessions(t.app.db, user.id);
    expect(await resolveSession(t.app.db, two)).toBeNull();
  });

  it('reads the role afresh when asked (calls declared admin or vip)', async () => {
    const user = await createUser(t.app.db);
    const token = await createSession(t.app.db, user.id, 'sms', 'vitest');
    expect(await resolveSession(t.app.db, token)).toMatchObject({ role: 'user', isVip: false });
    await t.app.db
      .update(users)
      .set({ role: 'admin', vipUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, user.id));
    expect(await resolveSession(t.app.db, token, new Date(), { fresh: true })).toMatchObject({
      role: 'admin',
      isVip: true,
    });
  });
});
