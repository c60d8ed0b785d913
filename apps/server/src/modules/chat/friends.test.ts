import { chatFriends, deleteAccount, searchFriends } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { expectBadInput, follow } from './chat.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function uids(page: { items: { uid: number }[] }): number[] {
  return page.items.map((card) => card.uid);
}

describe('friends', () => {
  /** me ⇄ m1, me ⇄ m2 (m2 the newer relation), me → f1, fan → me, and a mutual friend who deletes the account. */
  async function circle() {
    const me = await newPerson(t);
    const [m1, m2, f1, fan, gone] = (await Promise.all(
      ['阿强', '小米粒', '特斯拉老王', '路人甲', '已走'].map((nickname) =>
        newPerson(t, { nickname: `${nickname}${me.id}` }),
      ),
    )) as [Person, Person, Person, Person, Person];
    await follow(m2, me); // m2 followed first …
    await follow(me, m1);
    await follow(m1, me);
    await follow(me, gone);
    await follow(gone, me);
    await follow(me, f1);
    await follow(me, m2); // … and the pair became mutual last
    await follow(fan, me);
    await gone.api.call(deleteAccount, { confirm: '注销' });
    return { me, m1, m2, f1, fan };
  }

  it('lists mutual friends, whom I follow and who follows me, newest relation first', async () => {
    const { me, m1, m2, f1, fan } = await circle();
    const mutual = await me.api.call(chatFriends, {});
    expect(uids(mutual)).toEqual([m2.id, m1.id]);
    expect(mutual.items[0]).toMatchObject({ uid: m2.id, nickname: m2.nickname, isfollow: true, istfollow: true });
    expect(uids(await me.api.call(chatFriends, { type: 'following' }))).toEqual([m2.id, f1.id, m1.id]);
    expect(uids(await me.api.call(chatFriends, { type: 'followers' }))).toEqual([fan.id, m1.id, m2.id]);

    const first = await me.api.call(chatFriends, { type: 'following', idx: 1, size: 2 });
    const second = await me.api.call(chatFriends, { type: 'following', idx: 2, size: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...uids(first), ...uids(second)]).toEqual([m2.id, f1.id, m1.id]);
  });

  it('narrows by nickname with word and search-friends, taking % and _ literally', async () => {
    const { me, m2, f1 } = await circle();
    expect(uids(await me.api.call(chatFriends, { type: 'following', word: '老王' }))).toEqual([f1.id]);
    expect(uids(await me.api.call(searchFriends, { search: '米粒' }))).toEqual([m2.id]);
    expect(uids(await me.api.call(searchFriends, { search: '米粒', type: 'followers' }))).toEqual([m2.id]);
    expect(uids(await me.api.call(searchFriends, { search: '老王' }))).toEqual([]); // not mutual
    expect((await me.api.call(searchFriends, { search: '%' })).items).toEqual([]);
    expect((await me.api.call(searchFriends, { search: '_' })).items).toEqual([]);
    await expectBadInput(me.api.call(searchFriends, { search: '  ' }));
    await expectBadInput(me.api.call(chatFriends, { type: 'enemies' as 'mutual' }));
  });
});
