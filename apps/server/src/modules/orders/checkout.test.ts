// Checking out through the API: the server prices the order, reserves stock under row
// locks, spends points through the ledger under the spender's lock, and refuses bad
// input with a zh-CN message, changing nothing.
import { cartList, orderCreate, orderInfo, orderPreview, STATUS } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure, appFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { transaction } from '../../platform/events.ts';
import { pointsBalance, spendPoints } from '../points/index.ts';
import { reserveStock } from '../shop/index.ts';
import { shopProducts, shopSkus } from '../shop/shop.tables.ts';
import { setWindow } from '../shop/shop-fixtures.test-helper.ts';
import { shopOrders } from './orders.tables.ts';
import { address, givePoints, inCart, orderOf, product, stockAndSales } from './orders.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function orderCount(): Promise<number> {
  return (await t.app.db.select({ id: shopOrders.id }).from(shopOrders)).length;
}

describe('the price comes from the server', () => {
  it('prices lines now (promotion prices as the cart), adds freight below 99 yuan, and ignores a client-sent price', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    const cheap = await product(t, '30', 10, '挂钩');
    const promoted = await product(t, '40', 10, '脚垫');
    // The promoted product costs 25 while its window runs.
    await t.app.db.update(shopSkus).set({ promoPrice: 2500 }).where(eq(shopSkus.productId, promoted));
    await setWindow(t, promoted, -1, 1);
    const cids = [await inCart(me, cheap, 2), await inCart(me, promoted, 1)];

    const preview = await me.api.call(orderPreview, { cids, use_points: 0 });
    expect(preview).toMatchObject({
      goods_total: '85.00',
      freight: '10.00',
      payable: '95.00',
      address: { id: addressId, is_default: true },
      points: { balance: 0, usable: 0, limit: 8500 },
    });
    expect(preview.lines.map((l) => [l.title, l.price, l.number, l.amount])).toEqual([
      ['挂钩', '30.00', 2, '60.00'],
      ['脚垫', '25.00', 1, '25.00'],
    ]);

    const order = await me.api.call(orderCreate, {
      cids,
      address_id: addressId,
      use_points: 0,
      payable: '0.01',
      goods_total: '0.01',
      price: '0.01',
    } as never);
    expect(order).toMatchObject({ state: 'unpaid', state_text: '待付款', goods_total: '85.00', payable: '95.00' });
    const [row] = await t.app.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.order_id));
    expect(row?.payableFen).toBe(9500);
    // Reserved, and out of the cart.
    expect((await stockAndSales(t, cheap)).stock).toBe(8);
    expect((await stockAndSales(t, promoted)).stock).toBe(9);
    const cart = await me.api.call(cartList, {});
    expect([...cart.prds, ...cart.acvPrds]).toEqual([]);
    // The order keeps its lines and address as they were.
    expect(await me.api.call(orderInfo, { order_id: order.order_id })).toMatchObject({
      lines: [
        { title: '挂钩', price: '30.00' },
        { title: '脚垫', price: '25.00' },
      ],
      address: { name: '张三', mobile: '13800138000', province: '广东省', city: '深圳市', district: '南山区' },
    });
  });

  it('delivers free from 99 yuan of goods', async () => {
    const me = await newPerson(t);
    const cid = await inCart(me, await product(t, '99', 5), 1);
    expect(await me.api.call(orderPreview, { cids: [cid], use_points: 0 })).toMatchObject({
      goods_total: '99.00',
      freight: '0.00',
      payable: '99.00',
      address: null,
    });
  });
});

describe('stock reservation', () => {
  it('two buyers racing for the last unit: one order, one STOCK_NOT_ENOUGH', async () => {
    const pid = await product(t, '20', 1, '最后一件');
    const buyers = await Promise.all([newPerson(t), newPerson(t)]);
    const ready = await Promise.all(
      buyers.map(async (buyer) => ({ buyer, addressId: await address(buyer), cid: await inCart(buyer, pid) })),
    );
    const results = await Promise.allSettled(
      ready.map(({ buyer, addressId, cid }) =>
        buyer.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: 0 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as Error).message).toBe('库存不足，最多还能购买 0 件');
    expect((await stockAndSales(t, pid)).stock).toBe(0);
  });

  it('reserves only where the stock covers it, under the guard, and rolls every line back on a refusal', async () => {
    const plenty = await product(t, '5', 3);
    const scarce = await product(t, '5', 1);
    const failure = await appFailure(
      transaction(t.app.db, (tx) =>
        reserveStock(tx, [
          { productId: plenty, skuKey: '', number: 2 },
          { productId: scarce, skuKey: '', number: 2 },
        ]),
      ),
    );
    expect(failure.code).toBe('STOCK_NOT_ENOUGH');
    expect((await stockAndSales(t, plenty)).stock).toBe(3);
    expect((await stockAndSales(t, scarce)).stock).toBe(1);
  });

  it('refuses a line off sale, naming it, and creates nothing', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    const pid = await product(t, '15', 4, '已下架的杯架');
    const cid = await inCart(me, pid);
    await t.app.db.update(shopProducts).set({ onSale: false }).where(eq(shopProducts.id, pid));
    const before = await orderCount();
    const failure = await apiFailure(me.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: 0 }));
    expect(failure.message).toBe('「已下架的杯架」已下架，请从购物车移除后再结算');
    expect(await orderCount()).toBe(before);
  });
});

describe('points pay part of an order', () => {
  it('takes 1 fen a point off the goods, through a negative ledger entry', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    await givePoints(t, me, 1000);
    const pid = await product(t, '50', 5);
    const cid = await inCart(me, pid);
    expect((await me.api.call(orderPreview, { cids: [cid], use_points: 300 })).points).toEqual({
      balance: 1000,
      usable: 1000,
      limit: 5000,
    });
    const order = await me.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: 300 });
    expect(order).toMatchObject({ points_used: 300, points_deduction: '3.00', payable: '57.00', state: 'unpaid' });
    expect(await pointsBalance(t.app.db, me.id)).toBe(700);
  });

  it('refuses more than the balance or the cap, changing nothing', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    await givePoints(t, me, 10_000);
    const pid = await product(t, '50', 5);
    const cid = await inCart(me, pid);
    const overCap = await apiFailure(
      me.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: 5001 }),
    );
    expect(overCap).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '本单最多可用 5000 积分' });

    const poor = await newPerson(t);
    const poorAddress = await address(poor);
    await givePoints(t, poor, 100);
    const poorCid = await inCart(poor, pid);
    const short = await apiFailure(
      poor.api.call(orderCreate, { cids: [poorCid], address_id: poorAddress, use_points: 101 }),
    );
    expect(short.message).toBe('积分不足，当前可用 100 积分');
    expect(await pointsBalance(t.app.db, me.id)).toBe(10_000);
    expect(await pointsBalance(t.app.db, poor.id)).toBe(100);
    expect((await stockAndSales(t, pid)).stock).toBe(5);
    expect((await poor.api.call(cartList, {})).prds.map((l) => l.cid)).toEqual([poorCid]);
  });

  it('two orders at once cannot spend the same points', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    await givePoints(t, me, 100);
    const cids = [await inCart(me, await product(t, '10', 5)), await inCart(me, await product(t, '10', 5))];
    const results = await Promise.allSettled(
      cids.map((cid) => me.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: 80 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as Error).message).toBe('积分不足，当前可用 20 积分');
    expect(await pointsBalance(t.app.db, me.id)).toBe(20);
  });

  it('the ledger lets two spends at once take only what the balance covers', async () => {
    const me = await newPerson(t);
    await givePoints(t, me, 100);
    const spent = await Promise.all(
      ['a', 'b'].map((ref) => transaction(t.app.db, (tx) => spendPoints(tx, me.id, 80, 'order', `race-${ref}`))),
    );
    expect(spent.sort()).toEqual([false, true]);
    expect(await pointsBalance(t.app.db, me.id)).toBe(20);
  });

  it('an order paid entirely by points is paid at creation, without a provider', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    await givePoints(t, me, 12_000);
    const pid = await product(t, '120', 5);
    const order = await orderOf(me, pid, addressId, 1, 12_000);
    expect(order).toMatchObject({ state: 'unshipped', state_text: '待发货', payable: '0.00', pay_type: 'points' });
    expect(await stockAndSales(t, pid)).toEqual({ stock: 4, sales: 1 });
    expect(await pointsBalance(t.app.db, me.id)).toBe(0);
  });
});

describe('bad input', () => {
  it('answers a clear zh-CN message and changes nothing', async () => {
    const me = await newPerson(t);
    const addressId = await address(me);
    const pid = await product(t, '10', 5);
    const cid = await inCart(me, pid);
    const before = await orderCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ cids: [], address_id: addressId }, '请选择要结算的商品'],
      [{ cids: [cid], address_id: addressId, use_points: -1 }, '积分不能为负数'],
      [{ cids: [cid], address_id: addressId, use_points: 'abc' }, '积分须为数字'],
      [{ cids: [cid] }, '须为数字'],
      [{ cids: [cid], address_id: 999_999 }, '收货地址不存在'],
      [{ cids: [999_999], address_id: addressId }, '购物车中没有这件商品'],
    ];
    for (const [body, message] of cases) {
      const failure = await apiFailure(me.api.call(orderCreate, body as never));
      expect(failure.message, JSON.stringify(body)).toContain(message);
    }
    expect(await orderCount()).toBe(before);
    expect((await stockAndSales(t, pid)).stock).toBe(5);
  });
});
