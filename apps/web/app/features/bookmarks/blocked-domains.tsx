import {
  ApiError,
  type BlockedDomain,
  bookmarkBlockDomain,
  bookmarkUnblockDomain,
  formatMessage,
} from '@evcircle/contract/client';
import { Globe, LoaderCircle, ShieldBan } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { fieldClass, labelClass } from './fields.tsx';
import { BOOKMARKS_MESSAGES } from './messages.ts';

/**
 * /admin/bookmarks: the domains nobody may bookmark (nor have read, nor see among the hot
 * links), newest first; a form to add one with a reason, 解除 on each.
 */
export function BlockedDomains({ firstItems }: { firstItems: BlockedDomain[] }) {
  const api = useApi();
  const toast = useToast();
  const ids = useId();
  const [items, setItems] = useState(firstItems);
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [busyDomain, setBusyDomain] = useState<string | null>(null);

  async function block(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setError(null);
    try {
      const saved = await api.call(bookmarkBlockDomain, { domain: domain.trim(), reason: reason.trim() });
      setItems((all) => [saved, ...all.filter((d) => d.domain !== saved.domain)]);
      setDomain('');
      setReason('');
      toast.show(formatMessage(BOOKMARKS_MESSAGES.blocked, { domain: saved.domain }), { tone: 'success' });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : BOOKMARKS_MESSAGES.failed);
    } finally {
      setIsSaving(false);
    }
  }

  async function unblock(entry: BlockedDomain) {
    if (busyDomain) return;
    setBusyDomain(entry.domain);
    try {
      await api.call(bookmarkUnblockDomain, { domain: entry.domain });
      setItems((all) => all.filter((d) => d.domain !== entry.domain));
      toast.show(formatMessage(BOOKMARKS_MESSAGES.unblocked, { domain: entry.domain }));
    } catch (caught) {
      toast.show(caught instanceof ApiError ? caught.message : BOOKMARKS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setBusyDomain(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="px-1 text-sm text-gray-500 dark:text-gray-400">{BOOKMARKS_MESSAGES.adminIntro}</p>
      <form
        onSubmit={block}
        data-testid="blocked-domain-form"
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end dark:bg-gray-900 dark:ring-gray-800"
      >
        <div>
          <label htmlFor={`${ids}-domain`} className={labelClass}>
            {BOOKMARKS_MESSAGES.domainLabel}
          </label>
          <input
            id={`${ids}-domain`}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            maxLength={253}
            required
            autoComplete="off"
            spellCheck={false}
            placeholder={BOOKMARKS_MESSAGES.domainPlaceholder}
            data-testid="blocked-domain-input"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-reason`} className={labelClass}>
            {BOOKMARKS_MESSAGES.reasonLabel}
          </label>
          <input
            id={`${ids}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={100}
            placeholder={BOOKMARKS_MESSAGES.reasonPlaceholder}
            data-testid="blocked-domain-reason"
            className={fieldClass}
          />
        </div>
        <Button
          type="submit"
          disabled={isSaving}
          data-testid="blocked-domain-add"
          className="bg-red-600 hover:bg-red-700"
        >
          {isSaving ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ShieldBan aria-hidden="true" className="size-4" />
          )}
          {BOOKMARKS_MESSAGES.block}
        </Button>
        {error ? (
          <p
            role="alert"
            data-testid="blocked-domain-error"
            className="text-sm text-red-600 md:col-span-3 dark:text-red-400"
          >
            {error}
          </p>
        ) : null}
      </form>

      {items.length === 0 ? (
        <p data-testid="blocked-domains-empty" className="py-12 text-center text-sm text-gray-400 dark:text-gray-500">
          {BOOKMARKS_MESSAGES.blockedEmpty}
        </p>
      ) : (
        <ul
          data-testid="blocked-domains"
          className="divide-y divide-gray-100 overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800"
        >
          {items.map((entry) => (
            <li
              key={entry.domain}
              data-testid="blocked-domain"
              data-domain={entry.domain}
              className="flex items-center gap-3 px-4 py-3"
            >
              <Globe aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{entry.domain}</p>
                <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                  {entry.reason ? `${entry.reason} · ` : ''}
                  {formatMessage(BOOKMARKS_MESSAGES.blockedAt, { date: formatDateTime(entry.createdAt) })}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busyDomain === entry.domain}
                onClick={() => void unblock(entry)}
                data-testid="blocked-domain-remove"
              >
                {BOOKMARKS_MESSAGES.unblock}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
