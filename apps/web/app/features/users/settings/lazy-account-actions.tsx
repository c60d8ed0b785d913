import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * 退出所有设备 and 注销账号, at the end of the settings page: their code (and their
 * sheets') loads beside the page, while the server's HTML already shows the buttons.
 */
export const AccountActions = lazyComponent(() =>
  import('./account-actions.tsx').then((module) => module.AccountActions),
);
