import { ApiError, formatMessage, VIP_RENEW_DAYS_BEFORE, vipAutoRenew } from '@evcircle/contract/client';
import { useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Switch } from '~/ui/switch.tsx';
import { useToast } from '~/ui/toast.tsx';
import { VIP_MESSAGES } from './messages.ts';

/** 自动续费: on or off at once, put back when the server refuses. */
export function AutoRenewRow({ initial }: { initial: boolean }) {
  const api = useApi();
  const toast = useToast();
  const labelId = useId();
  const hintId = useId();
  const [isOn, setIsOn] = useState(initial);
  const [isPending, setIsPending] = useState(false);

  async function change(next: boolean) {
    setIsOn(next);
    setIsPending(true);
    try {
      const status = await api.call(vipAutoRenew, { auto_renew: next });
      setIsOn(status.auto_renew);
      toast.show(status.auto_renew ? VIP_MESSAGES.autoRenewOn : VIP_MESSAGES.autoRenewOff, { tone: 'success' });
    } catch (error) {
      setIsOn(!next);
      toast.show(error instanceof ApiError ? error.message : VIP_MESSAGES.failed, { tone: 'error' });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <div className="flex items-center justify-between gap-4 rounded-xl bg-white/10 px-4 py-3">
      <div>
        <p id={labelId} className="text-sm font-medium">
          {VIP_MESSAGES.autoRenew}
        </p>
        <p id={hintId} className="mt-0.5 text-xs text-white/70">
          {formatMessage(VIP_MESSAGES.autoRenewHint, { days: VIP_RENEW_DAYS_BEFORE })}
        </p>
      </div>
      <Switch
        checked={isOn}
        disabled={isPending}
        onCheckedChange={(next) => void change(next)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="vip-auto-renew"
      />
    </div>
  );
}
