import { ApiError, checkin, formatMessage, POINTS, STATUS } from '@evcircle/contract/client';
import { CalendarCheck, Coins, Flame } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { POINTS_MESSAGES } from './messages.ts';

export type PointsSummary = { balance: number; checkedInToday: boolean; streak: number };

type PointsCardProps = {
  initial: PointsSummary;
  /** After a check-in landed (the ledger has a new line). */
  onCheckedIn: () => void;
};

/** Balance, streak and the daily check-in button (disabled once today's is done). */
export function PointsCard({ initial, onCheckedIn }: PointsCardProps) {
  const api = useApi();
  const toast = useToast();
  const [summary, setSummary] = useState(initial);
  const [isPending, setIsPending] = useState(false);
  const [gained, setGained] = useState<number | null>(null);

  async function checkIn() {
    setIsPending(true);
    try {
      const result = await api.call(checkin, {});
      setSummary({ balance: result.balance, checkedInToday: true, streak: result.streak });
      setGained(result.amount);
      toast.show(formatMessage(POINTS_MESSAGES.checkinDone, { amount: result.amount }), { tone: 'success' });
      onCheckedIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === STATUS.CONFLICT) {
        // Already done today (e.g. in another tab): show it as done.
        setSummary((s) => ({ ...s, checkedInToday: true }));
      }
      toast.show(error instanceof ApiError ? error.message : POINTS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <div
      data-testid="points-card"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-amber-400 via-amber-500 to-orange-500 p-5 text-white shadow-sm dark:from-amber-600 dark:via-amber-700 dark:to-orange-800"
    >
      <Coins aria-hidden="true" className="absolute -right-4 -bottom-6 size-32 text-white/15" />
      <div className="relative flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm text-white/85">{POINTS_MESSAGES.balance}</p>
          <p className="mt-1 flex items-baseline gap-2">
            <span data-testid="points-balance" className="text-4xl font-bold tabular-nums">
              {summary.balance}
            </span>
            {gained !== null ? (
              <span
                data-testid="points-gained"
                className="animate-bounce rounded-full bg-white/25 px-2 py-0.5 text-sm font-semibold"
              >
                +{gained}
              </span>
            ) : null}
          </p>
          <p data-testid="points-streak" className="mt-2 flex items-center gap-1 text-sm text-white/90">
            {summary.streak > 0 ? (
              <>
                <Flame aria-hidden="true" className="size-4" />
                {formatMessage(POINTS_MESSAGES.streak, { days: summary.streak })}
              </>
            ) : (
              formatMessage(POINTS_MESSAGES.streakNone, { amount: POINTS.dailyCheckin })
            )}
          </p>
        </div>
        <Button
          data-testid="checkin-button"
          size="lg"
          disabled={summary.checkedInToday || isPending}
          onClick={checkIn}
          className={cn(
            'bg-white font-semibold text-amber-600 shadow hover:bg-amber-50',
            'disabled:bg-white/30 disabled:text-white disabled:shadow-none dark:disabled:bg-white/20',
          )}
        >
          <CalendarCheck aria-hidden="true" className="size-5" />
          {summary.checkedInToday
            ? POINTS_MESSAGES.checkedIn
            : isPending
              ? POINTS_MESSAGES.checking
              : formatMessage(POINTS_MESSAGES.checkin, { amount: POINTS.dailyCheckin })}
        </Button>
      </div>
      <p className="relative mt-4 text-xs text-white/80">
        {formatMessage(POINTS_MESSAGES.rules, { checkin: POINTS.dailyCheckin, inviter: POINTS.inviter })}
      </p>
    </div>
  );
}
