import { LogOut, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { USERS_MESSAGES } from './messages.ts';

/** The confirmations load when one is first opened (a sheet mounts its content only while open). */
const LogoutAllConfirm = lazyComponent(() => import('./account-dialogs.tsx').then((m) => m.LogoutAllConfirm));
const DeleteAccountConfirm = lazyComponent(() => import('./account-dialogs.tsx').then((m) => m.DeleteAccountConfirm));

/** 退出所有设备 and 注销账号, each behind a confirmation. */
export function AccountActions() {
  const [dialog, setDialog] = useState<'logout-all' | 'delete' | null>(null);
  return (
    <>
      <div className="divide-y divide-gray-100 dark:divide-gray-800">
        <ActionRow
          title={USERS_MESSAGES.logoutAll}
          hint={USERS_MESSAGES.logoutAllHint}
          action={
            <Button variant="outline" size="sm" data-testid="logout-all" onClick={() => setDialog('logout-all')}>
              <LogOut aria-hidden="true" className="size-4" />
              {USERS_MESSAGES.logoutAll}
            </Button>
          }
        />
        <ActionRow
          title={USERS_MESSAGES.deleteAccount}
          hint={USERS_MESSAGES.deleteAccountHint}
          action={
            <Button
              variant="outline"
              size="sm"
              data-testid="delete-account"
              className="border-red-300 text-red-600 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950/50"
              onClick={() => setDialog('delete')}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {USERS_MESSAGES.deleteAccount}
            </Button>
          }
        />
      </div>
      <Sheet
        open={dialog === 'logout-all'}
        onClose={() => setDialog(null)}
        title={USERS_MESSAGES.logoutAllConfirmTitle}
        data-testid="logout-all-dialog"
      >
        <LogoutAllConfirm onCancel={() => setDialog(null)} />
      </Sheet>
      <Sheet
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={USERS_MESSAGES.deleteTitle}
        data-testid="delete-account-dialog"
      >
        <DeleteAccountConfirm onCancel={() => setDialog(null)} />
      </Sheet>
    </>
  );
}

function ActionRow({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-52">
        <p className="text-sm font-medium">{title}</p>
        <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">{hint}</p>
      </div>
      {action}
    </div>
  );
}
