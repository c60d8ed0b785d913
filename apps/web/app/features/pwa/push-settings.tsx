import type { PushKind, PushPreferences } from '@evcircle/contract/client';
import { pushPreferencesGet, pushPreferencesSave } from '@evcircle/contract/client';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { Switch } from '~/ui/switch.tsx';
import { useToast } from '~/ui/toast.tsx';
import { PWA_MESSAGES } from './messages.ts';
import { currentSubscription, disablePush, enablePush, type PushSupport, pushSupport } from './push-client.ts';

const KINDS: readonly PushKind[] = ['messages', 'replies', 'teams'];

type BrowserState = { support: PushSupport; isSubscribed: boolean };

/**
 * Settings › 推送通知: this browser's permission and subscription (开启 / 关闭本机推送),
 * and the account's per-kind switches, saved at once. Says why when the browser refuses.
 */
export function PushSettings() {
  const api = useApi();
  const toast = useToast();
  const [preferences, setPreferences] = useState<PushPreferences | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [browser, setBrowser] = useState<BrowserState | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let isLive = true;
    api.call(pushPreferencesGet, {}).then(
      ({ messages, replies, teams }) => isLive && setPreferences({ messages, replies, teams }),
      () => isLive && setFailed(true),
    );
    const support = pushSupport();
    currentSubscription()
      .catch(() => null)
      .then((subscription) => isLive && setBrowser({ support, isSubscribed: subscription !== null }));
    return () => {
      isLive = false;
    };
  }, [api]);

  const save = async (kind: PushKind, value: boolean) => {
    if (!preferences) return;
    const before = preferences;
    setPreferences({ ...preferences, [kind]: value });
    try {
      setPreferences(await api.call(pushPreferencesSave, { [kind]: value }));
      toast.show(PWA_MESSAGES.pushSaved, { tone: 'success' });
    } catch {
      setPreferences(before);
      toast.show(PWA_MESSAGES.pushSaveFailed, { tone: 'error' });
    }
  };

  const enable = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const support = await enablePush(api);
      setBrowser({ support, isSubscribed: support === 'granted' });
      if (support === 'denied') setProblem(PWA_MESSAGES.pushDenied);
      if (support === 'unsupported') setProblem(PWA_MESSAGES.pushUnsupported);
    } catch (error) {
      console.warn('[pwa] push subscription failed', error);
      setProblem(PWA_MESSAGES.pushFailed);
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    try {
      await disablePush(api);
      setBrowser((state) => (state ? { ...state, isSubscribed: false } : state));
    } finally {
      setBusy(false);
    }
  };

  const notice =
    problem ??
    (browser?.support === 'unsupported'
      ? PWA_MESSAGES.pushUnsupported
      : browser?.support === 'denied'
        ? PWA_MESSAGES.pushDenied
        : null);

  return (
    <div data-testid="push-settings" className="space-y-4 text-sm">
      <p className="text-gray-600 dark:text-gray-400">{PWA_MESSAGES.pushIntro}</p>
      <div className="flex flex-wrap items-center gap-3">
        {browser?.isSubscribed ? (
          <>
            <span className="inline-flex items-center gap-1.5 font-medium text-primary-700 dark:text-primary-400">
              <BellRing aria-hidden="true" className="size-4" />
              {PWA_MESSAGES.pushEnabled}
            </span>
            <Button variant="outline" size="sm" disabled={isBusy} onClick={disable}>
              {PWA_MESSAGES.pushDisable}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            disabled={isBusy || !browser || browser.support === 'unsupported' || browser.support === 'denied'}
            onClick={enable}
            data-testid="push-enable"
          >
            <BellRing aria-hidden="true" className="size-4" />
            {isBusy ? PWA_MESSAGES.pushEnabling : PWA_MESSAGES.pushEnable}
          </Button>
        )}
      </div>
      {notice ? (
        <p
          role="status"
          data-testid="push-notice"
          className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-950/40 dark:text-amber-300"
        >
          {notice}
        </p>
      ) : null}
      {hasFailed ? (
        <p role="alert" className="text-gray-500 dark:text-gray-400">
          {PWA_MESSAGES.loadFailed}
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-gray-800">
          {KINDS.map((kind) => (
            <li key={kind} className="flex items-center justify-between gap-4 py-3">
              <div>
                <p id={`push-${kind}-label`} className="font-medium">
                  {PWA_MESSAGES.pushKinds[kind]}
                </p>
                <p id={`push-${kind}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
                  {PWA_MESSAGES.pushKindHints[kind]}
                </p>
              </div>
              <Switch
                checked={preferences?.[kind] ?? true}
                disabled={!preferences}
                onCheckedChange={(value) => void save(kind, value)}
                aria-labelledby={`push-${kind}-label`}
                aria-describedby={`push-${kind}-hint`}
                data-testid={`push-switch-${kind}`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
