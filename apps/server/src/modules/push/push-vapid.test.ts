import { pushVapidKey } from '@evcircle/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { buildApp } from '../../app.ts';
import { loadVapidDetails } from './push.service.ts';
import { pushVapidKeys } from './push.tables.ts';

// Apart from push.test.ts: the apps started here on this file's database take over its push sender.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('is generated once and shared: two apps starting at once on one database sign with the same pair', async () => {
  const database = t.app.database;
  await database.db.delete(pushVapidKeys);
  const config = { ...t.config, REDIS_URL: undefined };
  const [one, two] = await Promise.all([buildApp(config, { database }), buildApp(config, { database })]);
  try {
    const rows = await database.db.select().from(pushVapidKeys);
    expect(rows).toHaveLength(1);
    const [first, second] = await Promise.all([loadVapidDetails(one.db, config), loadVapidDetails(two.db, config)]);
    expect(first.publicKey).toBe(rows[0]?.publicKey);
    expect(second).toEqual(first);
    // What browsers are given is that stored key.
    const me = await newPerson(t);
    expect((await me.api.call(pushVapidKey, {})).public_key).toBe(rows[0]?.publicKey);
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
}, 60_000);
