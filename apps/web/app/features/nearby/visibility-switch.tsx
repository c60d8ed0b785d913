import { updateVisibility, visibilityStatus } from '@evcircle/contract/client';
import { EyeOff } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { Switch } from '~/ui/switch.tsx';
import { useToast } from '~/ui/toast.tsx';
import { NEARBY_MESSAGES } from './messages.ts';

/**
 * 隐身: while on, the viewer appears in no nearby list, radar or count (and still sees
 * others). Shown wherever the viewer's position is used. The switch reads the server's
 * state first; a change shows at once and goes back if the server refuses it.
 */
export function VisibilitySwitch() {
  const api = useApi();
  const toast = useToast();
  const labelId = useId();
  const hintId = useId();
  const [isInvisible, setInvisible] = useState<boolean | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    api.call(visibilityStatus, {}).then(
      (answer) => {
        if (isCurrent) setInvisible(answer.is_invisible === 1);
      },
      () => {
        // Unknown: the switch stays disabled; the lists work without it.
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api]);

  const toggle = async () => {
    if (isInvisible === null || isSaving) return;
    const next = !isInvisible;
    setInvisible(next);
    setSaving(true);
    try {
      const answer = await api.call(updateVisibility, { is_invisible: next ? 1 : 0 });
      setInvisible(answer.is_invisible === 1);
    } catch {
      setInvisible(!next);
      toast.show(NEARBY_MESSAGES.visibilityFailed, { tone: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const isOn = isInvisible === true;
  return (
    <div className="flex items-center gap-2.5">
      <EyeOff
        aria-hidden="true"
        className={cn('size-4 shrink-0', isOn ? 'text-primary-600 dark:text-primary-400' : 'text-gray-400')}
      />
      <span className="min-w-0">
        <span id={labelId} className="block text-sm font-medium">
          {NEARBY_MESSAGES.invisible}
        </span>
        <span id={hintId} data-testid="visibility-hint" className="block text-xs text-gray-500 dark:text-gray-400">
          {isOn ? NEARBY_MESSAGES.invisibleOn : NEARBY_MESSAGES.invisibleOff}
        </span>
      </span>
      <Switch
        checked={isOn}
        onCheckedChange={() => void toggle()}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={isInvisible === null || isSaving}
        data-testid="visibility-switch"
        className="ml-auto"
      />
    </div>
  );
}
