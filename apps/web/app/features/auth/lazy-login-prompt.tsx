import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * What a login-only page shows a logged-out visitor (login-prompt.tsx): its code loads
 * for them alone, not for the logged-in readers of the page.
 */
export const LoginPrompt = lazyComponent(() => import('./login-prompt.tsx').then((module) => module.LoginPrompt));
