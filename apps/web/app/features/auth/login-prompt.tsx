import type { LucideIcon } from 'lucide-react';
import { Button } from '~/ui/button.tsx';
import { useRequireLogin } from './login-modal.tsx';
import { AUTH_MESSAGES } from './messages.ts';

type LoginPromptProps = { icon: LucideIcon; title: string; hint: string; testId: string };

/**
 * What a login-only page shows a logged-out visitor: why to log in and a 登录 button that
 * opens the login modal (the page's loader runs again once they are in).
 */
export function LoginPrompt({ icon: Icon, title, hint, testId }: LoginPromptProps) {
  const requireLogin = useRequireLogin();
  return (
    <div data-testid={testId} className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 dark:bg-primary-950">
        <Icon aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
      </span>
      <p className="mt-5 text-base font-medium">{title}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{hint}</p>
      <Button size="lg" className="mt-8 min-w-40" data-testid="login-prompt-button" onClick={() => requireLogin()}>
        {AUTH_MESSAGES.login}
      </Button>
    </div>
  );
}
