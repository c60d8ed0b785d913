// The address book through the API: one default, at most 20, clear refusals of bad input,
// and another person's address not found anywhere.
import {
  ADDRESS_BOOK_MAX,
  addressDelete,
  addressList,
  addressRegions,
  addressSave,
  orderCreate,
  orderPreview,
  STATUS,
} from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { address, anonymous, inCart, product } from './orders.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOME = {
  name: '李四',
  mobile: '13912345678',
  province: '北京市',
  city: '北京市',
  district: '朝阳区',
  detail: '望京街道 10 号院 2 单元',
};

describe('the address book', () => {
  it('keeps exactly one default: the first address, then whichever is saved as default; deleting it promotes the newest', async () => {
    const me = await newPerson(t);
    const first = await me.api.call(addressSave, { ...HOME, is_default: false });
    expect(first.is_default).toBe(true);
    const second = await me.api.call(addressSave, { ...HOME, detail: '公司：望京 SOHO 塔1', is_default: false });
    expect(second.is_default).toBe(false);
    const third = await me.api.call(addressSave, { ...HOME, detail: '父母家：朝阳路 88 号', is_default: true });
    expect((await me.api.call(addressList, {})).map((a) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);
    // Editing keeps the id; unticking the only default keeps it the default.
    const edited = await me.api.call(addressSave, { ...HOME, id: third.id, name: '李四四', is_default: false });
    expect(edited).toMatchObject({ id: third.id, name: '李四四', is_default: true });

    await me.api.call(addressDelete, { id: third.id });
    expect((await me.api.call(addressList, {})).map((a) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it(`holds at most ${ADDRESS_BOOK_MAX}`, async () => {
    const me = await newPerson(t);
    for (let i = 0; i < ADDRESS_BOOK_MAX; i += 1) await address(me, { detail: `测试路 ${i + 1} 号院` });
    const failure = await apiFailure(me.api.call(addressSave, { ...HOME, is_default: false }));
    expect(failure).toMatchObject({ status: STATUS.CONFLICT, message: '最多保存 20 个收货地址' });
    expect(await me.api.call(addressList, {})).toHaveLength(ADDRESS_BOOK_MAX);
  });

  it('refuses bad input with a clear message, saving nothing', async () => {
    const me = await newPerson(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '李' }, '收货人姓名须为 2–20 个字'],
      [{ mobile: '23800138000' }, '手机号须为 1 开头的 11 位数字'],
      [{ mobile: '1380013800' }, '手机号须为 1 开头的 11 位数字'],
      [{ province: '' }, '请选择省份'],
      [{ district: ' ' }, '请选择区县'],
      [{ detail: '四个字啊' }, '详细地址须为 5–100 个字'],
      [{ detail: '长'.repeat(101) }, '详细地址须为 5–100 个字'],
    ];
    for (const [fields, message] of cases) {
      const failure = await apiFailure(me.api.call(addressSave, { ...HOME, is_default: false, ...fields } as never));
      expect(failure.status, JSON.stringify(fields)).toBe(STATUS.VALIDATION_FAILED);
      expect(failure.message, JSON.stringify(fields)).toContain(message);
    }
    expect(await me.api.call(addressList, {})).toEqual([]);
  });

  it('answers ADDRESS_NOT_FOUND for another person’s address everywhere, changing nothing', async () => {
    const [owner, other] = await Promise.all([newPerson(t), newPerson(t)]);
    const id = await address(owner);
    const cid = await inCart(other, await product(t, '10', 5));
    for (const call of [
      () => other.api.call(addressSave, { ...HOME, id, is_default: true }),
      () => other.api.call(addressDelete, { id }),
      () => other.api.call(orderPreview, { cids: [cid], address_id: id, use_points: 0 }),
      () => other.api.call(orderCreate, { cids: [cid], address_id: id, use_points: 0 }),
    ]) {
      expect((await apiFailure(call())).message).toBe('收货地址不存在');
    }
    expect(await other.api.call(addressList, {})).toEqual([]);
    expect((await owner.api.call(addressList, {})).map((a) => [a.id, a.name, a.is_default])).toEqual([
      [id, '张三', true],
    ]);
  });
});

describe('the address picker’s regions', () => {
  it('answers anyone the 省 → 市 → 区 tree of the bundled table, sorted, every place once', async () => {
    const tree = await anonymous(t).call(addressRegions, {});
    expect(tree.length).toBeGreaterThanOrEqual(34);
    const guangdong = tree.find((p) => p.name === '广东省');
    const shenzhen = guangdong?.cities.find((c) => c.name === '深圳市');
    expect(shenzhen?.districts).toEqual(expect.arrayContaining(['南山区', '福田区', '宝安区']));
    expect(tree.find((p) => p.name === '北京市')?.cities.map((c) => c.name)).toEqual(['北京市']);
    const places = tree.flatMap((p) => p.cities.flatMap((c) => c.districts.map((d) => `${p.name}/${c.name}/${d}`)));
    expect(places.length).toBeGreaterThan(3_000);
    expect(new Set(places).size).toBe(places.length);
    const names = tree.map((p) => p.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('zh-Hans-CN').compare));
  });

  it('refuses to save a province, city or district the picker does not offer together, saving nothing', async () => {
    const me = await newPerson(t);
    const cases: Record<string, unknown>[] = [
      { province: '火星省' },
      { city: '深圳市' }, // 北京市 has no city 深圳市
      { district: '南山区' }, // 北京市/北京市 has no 南山区
      { province: '广东省', city: '深圳市', district: '朝阳区' },
    ];
    for (const fields of cases) {
      const failure = await apiFailure(me.api.call(addressSave, { ...HOME, is_default: false, ...fields } as never));
      expect(failure, JSON.stringify(fields)).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: '所选省市区不存在，请重新选择',
      });
    }
    expect(await me.api.call(addressList, {})).toEqual([]);
    // An edit is checked too.
    const id = await address(me);
    const failure = await apiFailure(me.api.call(addressSave, { ...HOME, id, city: '广州市', is_default: true }));
    expect(failure.message).toBe('所选省市区不存在，请重新选择');
    expect((await me.api.call(addressList, {}))[0]).toMatchObject({ id, province: '广东省', city: '深圳市' });
  });
});
