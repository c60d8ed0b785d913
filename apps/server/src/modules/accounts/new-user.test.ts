import { NICKNAME_MAX_LENGTH, POINTS } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { transaction } from '../../platform/events.ts';
import { hasGrant, pointsBalance } from '../points/points.service.ts';
import { users } from './accounts.tables.ts';
import { isOwnAvatarKey } from './avatar.service.ts';
import { avatarCharacter } from './avatar-art.ts';
import { inviteCodeFor } from './invite-code.ts';
import {
  createUserAtSignup,
  draftNewUser,
  findInviter,
  generateNickname,
  pickFreeNickname,
  type UndoList,
} from './new-user.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let mobileCounter = 0;
function nextMobile(): string {
  mobileCounter += 1;
  return `1860000${String(mobileCounter).padStart(4, '0')}`;
}

describe('generated nicknames', () => {
  it('are friendly zh-CN names with a random suffix, within the nickname length', () => {
    const names = Array.from({ length: 200 }, () => generateNickname());
    for (const name of names) {
      expect(name).toMatch(/^[\u4e00-\u9fa5]{2,8}_[2-9A-HJ-NP-Z]{4}$/);
      expect([...name].length).toBeLessThanOrEqual(NICKNAME_MAX_LENGTH);
    }
    expect(new Set(names).size).toBeGreaterThan(195);
    expect([...generateNickname(8)].length).toBeLessThanOrEqual(NICKNAME_MAX_LENGTH);
  });

  it('skip a nickname a live account already has', async () => {
    await createUser(t.app.db, { nickname: '追风车友_AAAA' });
    const offered = ['追风车友_AAAA', '追风车友_BBBB'];
    const picked = await pickFreeNickname(t.app.db, () => offered.shift() as string);
    expect(picked).toBe('追风车友_BBBB');
  });
});

describe('createUserAtSignup', () => {
  it('stores the row, a generated avatar the account owns, and the sign-up points', async () => {
    const draft = await draftNewUser(t.app.db);
    const undo: UndoList = [];
    const mobile = nextMobile();
    const created = await transaction(t.app.db, (tx, announce) =>
      createUserAtSignup(tx, t.app.storage, { acode: '86', mobile, draft, now: new Date() }, undo, announce),
    );
    const [row] = await t.app.db.select().from(users).where(eq(users.id, created.userId));
    expect(row).toMatchObject({ nickname: draft.nickname, acode: '86', mobile, invitedBy: null });
    expect(row?.avatar).toBe(created.avatarKey);
    // The key form the avatar upload removes on replacement and account deletion.
    expect(isOwnAvatarKey(created.userId, created.avatarKey)).toBe(true);
    expect((await sharp(await t.app.storage.get(created.avatarKey)).metadata()).format).toBe('webp');
    expect(avatarCharacter(draft.nickname)).toBe([...draft.nickname][0]);
    expect(await pointsBalance(t.app.db, created.userId)).toBe(POINTS.signup);
    expect(undo).toHaveLength(1);
  });

  it('records the inviter and grants each invite reward once', async () => {
    const inviter = await createUser(t.app.db);
    const draft = await draftNewUser(t.app.db);
    const created = await transaction(t.app.db, (tx, announce) =>
      createUserAtSignup(
        tx,
        t.app.storage,
        { acode: '86', mobile: nextMobile(), invite: inviteCodeFor(inviter.id), draft, now: new Date() },
        [],
        announce,
      ),
    );
    expect(created.invitedBy).toBe(inviter.id);
    expect(await pointsBalance(t.app.db, created.userId)).toBe(POINTS.signup + POINTS.invitee);
    expect(await pointsBalance(t.app.db, inviter.id)).toBe(POINTS.inviter);
    expect(await hasGrant(t.app.db, inviter.id, 'invite', `user:${created.userId}`)).toBe(true);
    expect(await hasGrant(t.app.db, created.userId, 'invited', `by:${inviter.id}`)).toBe(true);
  });

  it('rolls back the row and points with its transaction; the undo list removes the file', async () => {
    const draft = await draftNewUser(t.app.db);
    const undo: UndoList = [];
    const mobile = nextMobile();
    let key = '';
    const error = await transaction(t.app.db, async (tx, announce) => {
      key = (
        await createUserAtSignup(tx, t.app.storage, { acode: '86', mobile, draft, now: new Date() }, undo, announce)
      ).avatarKey;
      throw new Error('later step failed');
    }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(await t.app.db.select().from(users).where(eq(users.mobile, mobile))).toEqual([]);
    for (const step of undo) await step();
    expect(await t.app.storage.exists(key)).toBe(false);
  });
});

describe('findInviter', () => {
  it('knows live users by their code and nobody else', async () => {
    const live = await createUser(t.app.db);
    const gone = await createUser(t.app.db, { deletedAt: new Date() });
    expect(await findInviter(t.app.db, inviteCodeFor(live.id))).toBe(live.id);
    expect(await findInviter(t.app.db, inviteCodeFor(live.id).toLowerCase())).toBe(live.id);
    expect(await findInviter(t.app.db, inviteCodeFor(gone.id))).toBeNull();
    expect(await findInviter(t.app.db, inviteCodeFor(123_456_789))).toBeNull();
    expect(await findInviter(t.app.db, '!!')).toBeNull();
    expect(await findInviter(t.app.db, undefined)).toBeNull();
  });
});
