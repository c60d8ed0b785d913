// A category's icon (an Iconify name the admin types): set, kept, cleared and refused
// through POST /api/v1/admin/category/save, and read in the category tree.
import { adminCategorySave, categoryTree, ERRORS, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';

let t: TestApp;
let admin: Person;
let member: Person;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await newPerson(t, { role: 'admin' });
  member = await newPerson(t);
});
afterAll(() => t.close());

const nodeOf = async (cid: number) => (await t.api.call(categoryTree, {})).find((node) => node.cid === cid);

describe('category icons', () => {
  it('sets an icon by name, keeps it when a save leaves it out, clears it with an empty name', async () => {
    const { cid } = await admin.api.call(adminCategorySave, { cname: '充电设备', icon: 'mdi:ev-station' });
    expect(await nodeOf(cid)).toEqual({ cid, cname: '充电设备', icon: 'mdi:ev-station', children: [] });

    await admin.api.call(adminCategorySave, { cid, cname: '充电桩' });
    expect(await nodeOf(cid)).toMatchObject({ cname: '充电桩', icon: 'mdi:ev-station' });

    await admin.api.call(adminCategorySave, { cid, cname: '充电桩', icon: ' tabler:charging-pile ' });
    expect((await nodeOf(cid))?.icon).toBe('tabler:charging-pile');

    await admin.api.call(adminCategorySave, { cid, cname: '充电桩', icon: '' });
    expect(await nodeOf(cid)).toEqual({ cid, cname: '充电桩', children: [] });
  });

  it('refuses a name that is not an icon of a set we hold, changing nothing', async () => {
    const { cid } = await admin.api.call(adminCategorySave, { cname: '车灯', icon: 'mdi:car-light-high' });
    for (const icon of [
      'fa:car',
      'car',
      'mdi:',
      'mdi:Car',
      'mdi:../x',
      'mdi:car\u0000',
      `mdi:${'a'.repeat(65)}`,
      '<svg>',
    ]) {
      const error = await apiFailure(admin.api.call(adminCategorySave, { cid, cname: '车灯改', icon }));
      expect(error.status, icon).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await nodeOf(cid)).toMatchObject({ cname: '车灯', icon: 'mdi:car-light-high' });
  });

  it('lets only an admin set an icon', async () => {
    const { cid } = await admin.api.call(adminCategorySave, { cname: '露营' });
    const error = await apiFailure(member.api.call(adminCategorySave, { cid, cname: '露营', icon: 'mdi:tent' }));
    expect(error.status).toBe(ERRORS.ADMIN_REQUIRED.status);
    expect((await nodeOf(cid))?.icon).toBeUndefined();
  });
});
