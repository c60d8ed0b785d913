import { ApiError, deleteAccount, logoutAll } from '@evcircle/contract/client';
import { deleteAccount as deleteAccountDeclaration } from '@evcircle/contract/declarations';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { USERS_MESSAGES } from './messages.ts';

// The confirmations of 退出所有设备 and 注销账号, loaded when one is first opened (the
// typed confirmation is checked with the contract's schema, and so with zod).

/** The typed confirmation the contract requires ('注销'); checked with its own schema. */
export function isDeleteConfirmed(typed: string): boolean {
  return deleteAccountDeclaration.body?.safeParse({ confirm: typed.trim() }).success ?? false;
}

/** After the session is gone: back on the home page, logged out everywhere on screen. */
function useLeaveSignedOut() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async () => {
    await navigate('/', { replace: true });
    await revalidator.revalidate();
  };
}

export function LogoutAllConfirm({ onCancel }: { onCancel: () => void }) {
  const api = useApi();
  const toast = useToast();
  const leave = useLeaveSignedOut();
  const [isPending, setIsPending] = useState(false);
  return (
    <div className="p-4">
      <p className="text-sm text-gray-600 dark:text-gray-300">{USERS_MESSAGES.logoutAllHint}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {USERS_MESSAGES.cancel}
        </Button>
        <Button
          data-testid="logout-all-confirm"
          disabled={isPending}
          onClick={async () => {
            setIsPending(true);
            try {
              await api.call(logoutAll, {});
              toast.show(USERS_MESSAGES.logoutAllDone, { tone: 'success' });
              await leave();
            } catch (error) {
              toast.show(error instanceof ApiError ? error.message : USERS_MESSAGES.actionFailed, { tone: 'error' });
              setIsPending(false);
            }
          }}
        >
          {USERS_MESSAGES.confirm}
        </Button>
      </div>
    </div>
  );
}

export function DeleteAccountConfirm({ onCancel }: { onCancel: () => void }) {
  const api = useApi();
  const toast = useToast();
  const leave = useLeaveSignedOut();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const isConfirmed = isDeleteConfirmed(typed);

  return (
    <form
      className="p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!isConfirmed) return;
        setIsPending(true);
        setError(null);
        try {
          await api.call(deleteAccount, { confirm: '注销' });
          toast.show(USERS_MESSAGES.deleted, { tone: 'success' });
          await leave();
        } catch (err) {
          setError(err instanceof ApiError ? err.message : USERS_MESSAGES.actionFailed);
          setIsPending(false);
        }
      }}
    >
      <div className="flex gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-medium">{USERS_MESSAGES.deleteWarning}</p>
          <ul className="mt-2 list-disc space-y-1 pl-4">
            {USERS_MESSAGES.deleteConsequences.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <label htmlFor="delete-confirm" className="mt-4 block text-sm font-medium">
        {USERS_MESSAGES.deleteTypeHint}
      </label>
      <input
        id="delete-confirm"
        data-testid="delete-confirm-input"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="注销"
        className="mt-1.5 block h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-2 focus:outline-red-500 dark:border-gray-700 dark:bg-gray-950"
      />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {USERS_MESSAGES.cancel}
        </Button>
        <Button
          type="submit"
          data-testid="delete-account-confirm"
          disabled={!isConfirmed || isPending}
          className="bg-red-600 hover:bg-red-700 disabled:bg-red-300 dark:disabled:bg-red-950"
        >
          {isPending ? USERS_MESSAGES.deleting : USERS_MESSAGES.deleteConfirm}
        </Button>
      </div>
    </form>
  );
}
