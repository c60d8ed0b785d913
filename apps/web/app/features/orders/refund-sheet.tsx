import { type AdminShopOrder, adminOrderRefund, formatMessage } from '@evcircle/contract/client';
import { useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { fieldClass } from './field-class.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { refusalText } from './order-rules.ts';

export type RefundSheetProps = {
  open: boolean;
  order: AdminShopOrder;
  onClose: () => void;
  onRefunded: (order: AdminShopOrder) => void;
};

/** 退款 (loaded when first opened): what it does, the reason, then 确认退款 — the confirm dialog of a refund. */
export function RefundSheet({ open, order, onClose, onRefunded }: RefundSheetProps) {
  const api = useApi();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [isWorking, setWorking] = useState(false);

  async function refund() {
    setWorking(true);
    setError('');
    try {
      onRefunded(await api.call(adminOrderRefund, { order_id: order.order_id, reason }));
    } catch (failure) {
      setError(refusalText(failure, ORDERS_MESSAGES.failed));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Sheet open={open} onClose={onClose} title={ORDERS_MESSAGES.refundTitle} data-testid="admin-refund">
      <div className="space-y-3 p-4">
        <p className="text-sm leading-relaxed text-gray-600 dark:text-gray-300">
          {formatMessage(ORDERS_MESSAGES.refundHint, { amount: order.payable })}
        </p>
        <label htmlFor={`${id}-reason`} className="sr-only">
          {ORDERS_MESSAGES.refundReason}
        </label>
        <textarea
          id={`${id}-reason`}
          data-testid="admin-refund-reason"
          rows={3}
          maxLength={100}
          value={reason}
          placeholder={ORDERS_MESSAGES.refundReasonPlaceholder}
          onChange={(event) => setReason(event.target.value)}
          className={cn(fieldClass, 'h-auto py-2')}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="admin-refund-error">
            {error}
          </p>
        ) : null}
        <div className="flex gap-3">
          <Button variant="outline" className="flex-1" onClick={onClose}>
            {ORDERS_MESSAGES.keep}
          </Button>
          <Button
            className="flex-1 bg-red-600 hover:bg-red-700 dark:bg-red-700"
            disabled={isWorking}
            onClick={() => void refund()}
            data-testid="admin-refund-confirm"
          >
            {ORDERS_MESSAGES.refundConfirm}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
