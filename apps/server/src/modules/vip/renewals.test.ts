// Auto-renew: who may switch it on, the renewal a few days before the end charged in the
// sandbox (once, however often the job runs), a failed charge switching it off with a
// notice, and a reminder where the provider cannot charge without the payer.
import { createApiClient, STATUS, sandboxComplete, vipAutoRenew, vipOrderHistory, vipStatus } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { users } from '../accounts/index.ts';
import { notifications } from '../notify/notify.tables.ts';
import { paymentsDeps } from '../payments/index.ts';
import { addMonths } from './vip.service.ts';
import { vipMemberships } from './vip.tables.ts';
import { sandboxOrder } from './vip.test-helper.ts';
import { runRenewals } from './vip-renewals.ts';

const DAY = 24 * 60 * 60 * 1000;

async function member(t: TestApp, plan: 'monthly' | 'lifetime' = 'monthly'): Promise<Person> {
  const me = await newPerson(t);
  const { trade_no, t: ticket } = await sandboxOrder(me, plan);
  const anonymous = createApiClient({
    baseUrl: '',
    signSecret: t.config.API_SIGN_SECRET,
    fetch: createInjectFetch(t.app),
  });
  await anonymous.call(sandboxComplete, { trade_no, t: ticket, outcome: 'paid' });
  return me;
}

/** Moves the membership's end to `days` from now. */
async function endsIn(t: TestApp, who: Person, days: number): Promise<Date> {
  const until = new Date(Date.now() + days * DAY);
  await t.app.db.update(users).set({ vipUntil: until }).where(eq(users.id, who.id));
  return until;
}

async function noticesOf(t: TestApp, who: Person) {
  await settleEvents(t.app.db);
  return t.app.db.select().from(notifications).where(eq(notifications.userId, who.id));
}

describe('switching auto-renew', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is for active, time-limited members only', async () => {
    const stranger = await newPerson(t);
    const refused = await apiFailure(stranger.api.call(vipAutoRenew, { auto_renew: '1' }));
    expect(refused.status).toBe(STATUS.CONFLICT);
    const lifetime = await member(t, 'lifetime');
    expect((await apiFailure(lifetime.api.call(vipAutoRenew, { auto_renew: '1' }))).status).toBe(STATUS.CONFLICT);

    const me = await member(t);
    expect(await me.api.call(vipAutoRenew, { auto_renew: '1' })).toMatchObject({ auto_renew: true });
    expect(await me.api.call(vipAutoRenew, { auto_renew: '0' })).toMatchObject({ auto_renew: false });
    // Switching it off is always allowed.
    expect(await stranger.api.call(vipAutoRenew, { auto_renew: '0' })).toMatchObject({ auto_renew: false });
  });

  it('charges the renewal in the sandbox three days before the end, once however often the job runs', async () => {
    const me = await member(t);
    await me.api.call(vipAutoRenew, { auto_renew: '1' });
    const farAway = await runRenewals(paymentsDeps(t.app));
    expect(farAway.charged).toBe(0);

    const end = await endsIn(t, me, 2);
    const first = await runRenewals(paymentsDeps(t.app));
    expect(first.charged).toBeGreaterThanOrEqual(1);
    const status = await me.api.call(vipStatus, {});
    expect(new Date(status.expires_at).getTime()).toBe(addMonths(end, 1).getTime());
    expect(status.auto_renew).toBe(true);

    await runRenewals(paymentsDeps(t.app));
    const orders = (await me.api.call(vipOrderHistory, {})).items;
    expect(orders.filter((o) => o.renewal)).toHaveLength(1);
    expect(orders[0]).toMatchObject({ renewal: true, state: 'paid', pay_type: 'sandbox' });
    expect((await noticesOf(t, me)).map((n) => n.title)).toContain('VIP 会员已自动续费');
  });

  it('sends a reminder with the order to pay where the provider cannot charge without the payer', async () => {
    const me = await member(t);
    await me.api.call(vipAutoRenew, { auto_renew: '1' });
    // As if the member had paid with WeChat Pay, which charges only under a separate agreement.
    await t.app.db.update(vipMemberships).set({ payType: 'wechat' }).where(eq(vipMemberships.userId, me.id));
    await endsIn(t, me, 1);
    expect((await runRenewals(paymentsDeps(t.app))).reminded).toBeGreaterThanOrEqual(1);
    const reminder = (await noticesOf(t, me)).find((n) => n.title === 'VIP 会员即将到期');
    const renewal = (await me.api.call(vipOrderHistory, {})).items.find((o) => o.renewal);
    expect(renewal?.state).toBe('created');
    expect(reminder?.link).toBe(`/vip?order=${renewal?.order_id}`);
  });
});

describe('a failed renewal charge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAY_SANDBOX_RENEW: 'fail' });
  });
  afterAll(() => t.close());

  it('switches auto-renew off and tells the member', async () => {
    const me = await member(t);
    await me.api.call(vipAutoRenew, { auto_renew: '1' });
    const end = await endsIn(t, me, 2);
    expect((await runRenewals(paymentsDeps(t.app))).failed).toBe(1);
    const status = await me.api.call(vipStatus, {});
    expect(status).toMatchObject({ auto_renew: false, is_vip: 1 });
    expect(new Date(status.expires_at).getTime()).toBe(end.getTime());
    const notice = (await noticesOf(t, me)).find((n) => n.title === 'VIP 自动续费失败');
    expect(notice?.content).toContain('自动续费已关闭');
    const renewal = (await me.api.call(vipOrderHistory, {})).items.find((o) => o.renewal);
    expect(renewal?.state).toBe('failed');
  });
});
