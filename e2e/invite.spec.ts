import { integral, integralInfo, inviteInfo, myInvites, POINTS } from '@evcircle/contract';
import { expect, ONE_VIEWPORT, PHONE_ONLY, test } from './fixtures.ts';
import { apiClient, loginByApi, loginInBrowser, useSession } from './support/login.ts';

/** Where /invite/{code} keeps the code on the device (apps/web/app/features/auth/pending-invite.ts). */
const PENDING_INVITE_KEY = 'evcircle.invite';

test.describe('invite page', () => {
  test('shows who invites and the reward, rendered on the server', async ({ page, request }) => {
    const inviter = await loginByApi();
    const code = inviter.account.invite_code;
    const info = await apiClient().call(inviteInfo, { code });
    expect(info.reward).toBe(POINTS.signup + POINTS.invitee);

    const html = await (await request.get(`/invite/${code}`)).text();
    expect(html).toContain(`<title>${inviter.account.nickname}邀请你加入车友圈</title>`);
    expect(html).toContain('data-layout="mobile"');

    await page.goto(`/invite/${code}`);
    await expect(page.getByTestId('inviter-name')).toHaveText(inviter.account.nickname);
    await expect(page.getByTestId('invite-reward')).toContainText(`${info.reward} 积分`);
    await expect(page.getByTestId('invite-signup')).toHaveText('立即注册/登录');
  });

  test('a new user who signs up from it gets the reward, and so does the inviter', { tag: PHONE_ONLY }, async ({
    page,
    context,
  }) => {
    const inviter = await loginByApi();
    const code = inviter.account.invite_code;
    const inviterBefore = await inviter.api.call(integral, {});

    await page.goto(`/invite/${code}`);
    await page.getByTestId('invite-signup').click();
    const modal = page.getByRole('dialog', { name: /登录/ });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`登录后即可领取 ${POINTS.signup + POINTS.invitee} 积分`);

    // The page kept the code on the device for the SMS login to send; sign up with it.
    const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), PENDING_INVITE_KEY);
    expect(saved?.code).toBe(code);
    const newcomer = await loginByApi({ invite: saved.code });
    expect(newcomer.account.isnew).toBe(true);
    expect(newcomer.account.integral).toBe(POINTS.signup + POINTS.invitee);
    await useSession(context, newcomer.token);

    await page.reload();
    const state = page.getByTestId('invite-logged-in');
    await expect(state).toHaveAttribute('data-state', 'rewarded');
    await expect(state).toContainText(`获得 ${POINTS.signup + POINTS.invitee} 积分`);

    // Both sides: the newcomer's ledger, the inviter's balance and list.
    const reasons = (await newcomer.api.call(integralInfo, { page: 1, size: 20 })).map((e) => e.reason).sort();
    expect(reasons).toEqual(['invited', 'signup']);
    expect((await inviter.api.call(integral, {})).balance).toBe(inviterBefore.balance + POINTS.inviter);
    const invites = await inviter.api.call(myInvites, { page: 1, size: 20 });
    expect(invites.total).toBe(1);
    expect(invites.users.map((u) => u.uid)).toEqual([newcomer.account.uid]);
  });

  test('the inviter sees the people they invited in settings', { tag: ONE_VIEWPORT }, async ({ page, context }) => {
    const inviter = await loginInBrowser(context);
    const newcomer = await loginByApi({ invite: inviter.account.invite_code });
    await page.goto('/settings#invite');
    await expect(page.getByTestId('invited-count')).toHaveText('已邀请 1 人');
    await expect(page.getByTestId('invited-users').getByTestId('user-row')).toContainText(newcomer.account.nickname);
  });

  test('a logged-in visitor learns the invite is for new accounts only', { tag: PHONE_ONLY }, async ({
    page,
    reader: _,
  }) => {
    const inviter = await loginByApi();
    await page.goto(`/invite/${inviter.account.invite_code}`);
    await expect(page.getByTestId('inviter-name')).toHaveText(inviter.account.nickname);
    const state = page.getByTestId('invite-logged-in');
    await expect(state).toHaveAttribute('data-state', 'existing');
    await expect(state).toContainText('邀请奖励只在新账号注册时发放');
    await expect(page.getByTestId('invite-signup')).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_INVITE_KEY)).toBeNull();
  });

  test('the inviter opening their own link is told to share it', { tag: PHONE_ONLY }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    await page.goto(`/invite/${me.account.invite_code}`);
    await expect(page.getByTestId('invite-logged-in')).toHaveAttribute('data-state', 'own');
  });

  test.describe('unknown code', () => {
    test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 404/] });

    test('gets HTTP 404 and a clear 邀请码不存在', { tag: PHONE_ONLY }, async ({ page }) => {
      for (const code of ['ZZZZZZZZ', 'no!']) {
        const response = await page.goto(`/invite/${encodeURIComponent(code)}`);
        expect(response?.status(), code).toBe(404);
        await expect(page.getByTestId('invite-not-found')).toContainText('邀请码不存在');
        await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
      }
    });
  });
});
