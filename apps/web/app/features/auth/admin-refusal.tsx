import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { RefusalNotice } from '~/ui/refusal-notice.tsx';
import { LoginPrompt } from './lazy-login-prompt.tsx';

export type AdminRefusalMessages = {
  guestTitle: string;
  guestHint: string;
  forbiddenTitle: string;
  forbiddenHint: string;
};

/**
 * What an admin page shows a visitor (log in) or a member who is not an admin (refused),
 * the two states `adminDenied` (lib/admin-page.ts) makes of its loader's refusal; nothing
 * for any other state.
 */
export function AdminRefusal({ state, messages }: { state: string; messages: AdminRefusalMessages }) {
  if (state === 'guest') {
    return (
      <LoginPrompt icon={ShieldCheck} title={messages.guestTitle} hint={messages.guestHint} testId="admin-guest" />
    );
  }
  if (state === 'forbidden') {
    return (
      <RefusalNotice
        testId="admin-forbidden"
        icon={ShieldAlert}
        title={messages.forbiddenTitle}
        hint={messages.forbiddenHint}
        back={{ to: '/', label: UI_MESSAGES.backHome }}
      />
    );
  }
  return null;
}
