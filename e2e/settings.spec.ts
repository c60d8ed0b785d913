import { randomBytes } from 'node:crypto';
import { integral, integralInfo, myAccount, updateProfile, userInfo } from '@evcircle/contract';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { E2E_BASE_URL } from './support/constants.ts';
import { anotherSession, apiClient, loginByApi, loginInBrowser } from './support/login.ts';
import { noisePng } from './support/media.ts';

/** A nickname nobody else in the run has (2–20 characters). */
function uniqueNickname(): string {
  return `车友${randomBytes(4).toString('hex')}`;
}

test.describe('settings', () => {
  test('a logged-out visitor is asked to log in, and 登录 opens the login modal', { tag: ONE_VIEWPORT }, async ({
    page,
  }) => {
    const response = await page.goto('/settings');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('settings-guest')).toContainText('登录后管理你的账号');
    await page.getByTestId('login-prompt-button').click();
    await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
  });

  test('a user edits nickname, bio, sex and car model and sees them on their profile', async ({ page, context }) => {
    const me = await loginInBrowser(context);
    await page.goto('/settings');
    const form = page.getByTestId('profile-form');
    await expect(form.getByLabel('昵称')).toHaveValue(me.account.nickname);

    const nickname = uniqueNickname();
    await form.getByLabel('昵称').fill(nickname);
    await form.getByLabel('简介').fill('每天通勤 60 公里，周末自驾露营。');
    await form.getByText('女', { exact: true }).click();
    await form.getByLabel('车型').fill('Model Y 长续航');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('资料已保存')).toBeVisible();

    const saved = await me.api.call(myAccount, {});
    expect(saved).toMatchObject({
      nickname,
      bio: '每天通勤 60 公里，周末自驾露营。',
      sex: 2,
      car_model: 'Model Y 长续航',
    });

    await page.getByTestId('view-my-profile').click();
    await expect(page).toHaveURL(new RegExp(`/user/${me.account.uid}$`));
    await expect(page.getByTestId('profile-nickname')).toHaveText(nickname);
    await expect(page.getByTestId('profile-bio')).toHaveText('每天通勤 60 公里，周末自驾露营。');
    await expect(page.getByTestId('profile-car')).toContainText('Model Y 长续航');
    await expect(page.getByRole('img', { name: '女' })).toBeVisible();
    await expect(page).toHaveTitle(`${nickname}的主页 - 车友圈`);
  });

  test('limits are checked before sending, and the server’s own message is shown', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    const other = await loginByApi();
    await page.goto('/settings');
    const form = page.getByTestId('profile-form');
    const save = form.getByRole('button', { name: '保存' });

    let updates = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/user/info/update')) updates++;
    });

    await form.getByLabel('昵称').fill('车');
    await save.click();
    await expect(form.getByText('昵称需 2–20 个字')).toBeVisible();
    await form.getByLabel('昵称').fill('车'.repeat(21));
    await expect(form.getByText('昵称需 2–20 个字'), 'the error stays while still too long').toBeVisible();
    await form.getByLabel('昵称').fill(me.account.nickname);
    await form.getByLabel('简介').fill('长'.repeat(201));
    await save.click();
    await expect(form.getByText('简介不能超过 200 个字')).toBeVisible();
    expect(updates, 'nothing invalid was sent').toBe(0);

    // Someone else's nickname: only the server knows, and its message is shown.
    await form.getByLabel('简介').fill('');
    await form.getByLabel('昵称').fill(other.account.nickname);
    await save.click();
    await expect(page.getByTestId('profile-form-error')).toHaveText('该昵称已被使用');
    expect((await me.api.call(myAccount, {})).nickname, 'nothing changed').toBe(me.account.nickname);
  });

  test('a user uploads an avatar: preview, progress, then the new picture everywhere', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    await page.goto('/settings');

    // Not an image: refused in the browser with a clear message.
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByTestId('avatar-error')).toContainText('请选择 JPG、PNG');

    // Hold the upload until its progress has been seen (a fixed delay could end between two
    // polls on a loaded machine).
    let releaseUpload = () => {};
    const uploadHeld = new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    await page.route('**/api/v1/user/info/avatar?**', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: noisePng(600),
    });
    await expect(page.getByTestId('avatar-preview')).toHaveAttribute('data-preview', 'true');
    await expect(page.getByRole('button', { name: /上传中 \d+%/ })).toBeVisible();
    releaseUpload();
    await expect(page.getByText('头像已更新')).toBeVisible();
    await expect(page.getByTestId('avatar-error')).toHaveCount(0);

    const account = await me.api.call(myAccount, {});
    expect(account.avatar).not.toBe(me.account.avatar);
    expect(account.avatar).toMatch(/avatars\//);
    await page.goto(`/user/${me.account.uid}`);
    const img = page.getByTestId('profile-header').locator('img').first();
    await expect(img).toHaveAttribute('src', new RegExp(account.avatar.replace(/[.?]/g, '\\$&')));
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  test('a user checks in once; the button is disabled afterwards and the ledger shows it', {
    tag: ONE_VIEWPORT,
  }, async ({ page, context }) => {
    const me = await loginInBrowser(context);
    const before = await me.api.call(integral, {});
    expect(before.checkedInToday).toBe(false);
    await page.goto('/settings');
    await expect(page.getByTestId('points-balance')).toHaveText(String(before.balance));

    const button = page.getByTestId('checkin-button');
    await expect(button).toHaveText('签到 +5');
    await button.click();
    await expect(page.getByText('签到成功，积分 +5')).toBeVisible();
    await expect(page.getByTestId('points-gained')).toHaveText('+5');
    await expect(page.getByTestId('points-balance')).toHaveText(String(before.balance + 5));
    await expect(page.getByTestId('points-streak')).toHaveText('已连续签到 1 天');
    await expect(button).toHaveText('今日已签到');
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('ledger-entry').first()).toContainText('每日签到');
    await expect(page.getByTestId('ledger-entry').first()).toContainText('+5');

    // The server agrees: one grant, and the page still says so after a reload.
    const after = await me.api.call(integral, {});
    expect(after).toMatchObject({ balance: before.balance + 5, checkedInToday: true, streak: 1 });
    const ledger = await me.api.call(integralInfo, { page: 1, size: 20 });
    expect(ledger.filter((e) => e.reason === 'checkin')).toHaveLength(1);
    await page.reload();
    await expect(page.getByTestId('checkin-button')).toBeDisabled();
    await expect(page.getByTestId('checkin-button')).toHaveText('今日已签到');

    // The balance shows on their own profile too.
    await page.goto(`/user/${me.account.uid}`);
    await expect(page.getByTestId('profile-points')).toHaveText(`${before.balance + 5} 积分`);
  });

  test('a user finds their invite code and copies the invite link', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
    await page.goto('/settings');
    const link = `${E2E_BASE_URL}/invite/${me.account.invite_code}`;
    await expect(page.getByTestId('my-invite-code')).toHaveText(me.account.invite_code);
    await expect(page.getByTestId('my-invite-link')).toHaveText(link);
    await expect(page.getByTestId('invited-count')).toHaveText('已邀请 0 人');
    await page.getByTestId('copy-invite-link').click();
    await expect(page.getByText('邀请链接已复制')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  test('退出所有设备 asks first, then ends every session and lands logged out on /', { tag: ONE_VIEWPORT }, async ({
    page,
    context,
  }) => {
    const me = await loginInBrowser(context);
    const otherDevice = await anotherSession(me);
    await page.goto('/settings');

    await page.getByTestId('logout-all').click();
    const dialog = page.getByTestId('logout-all-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    expect((await otherDevice.api.call(myAccount, {})).uid, 'cancel changes nothing').toBe(me.account.uid);

    await page.getByTestId('logout-all').click();
    await dialog.getByTestId('logout-all-confirm').click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
    await expect(otherDevice.api.call(myAccount, {})).rejects.toMatchObject({ status: 2011 });
    await expect(me.api.call(myAccount, {})).rejects.toMatchObject({ status: 2011 });
    await page.goto('/settings');
    await expect(page.getByTestId('settings-guest')).toBeVisible();
  });

  test.describe('account deletion', () => {
    test.use({ allowedConsoleErrors: [/^Failed to load resource: .*status of 404/] });

    test('注销账号 needs the typed word, then removes the account and logs out', { tag: ONE_VIEWPORT }, async ({
      page,
      context,
    }) => {
      const me = await loginInBrowser(context);
      await me.api.call(updateProfile, { bio: '即将注销' });
      await page.goto('/settings');

      await page.getByTestId('delete-account').click();
      const dialog = page.getByTestId('delete-account-dialog');
      await expect(dialog).toContainText('注销是永久操作');
      const confirm = dialog.getByTestId('delete-account-confirm');
      await expect(confirm).toBeDisabled();
      await dialog.getByTestId('delete-confirm-input').fill('删除');
      await expect(confirm).toBeDisabled();
      await dialog.getByTestId('delete-confirm-input').fill('注销');
      await expect(confirm).toBeEnabled();
      await confirm.click();

      await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
      await expect(page.getByText('账号已注销')).toBeVisible();
      await expect(me.api.call(myAccount, {})).rejects.toMatchObject({ status: 2011 });
      await expect(apiClient().call(userInfo, { uid: me.account.uid })).rejects.toMatchObject({ status: 4004 });
      const response = await page.goto(`/user/${me.account.uid}`);
      expect(response?.status()).toBe(404);
    });
  });
});
