import { CART_QR_RETRIES, CART_QR_RETRY_DELAY_MS, productQrcode } from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { SHOP_MESSAGES } from './messages.ts';
import { withRetries } from './qr-retry.ts';

type QrSheetProps = { pid: number; open: boolean; onClose: () => void };

/** 小程序购买: the code a phone scans to buy in the mini-program (generateQrcode). */
export function QrSheet({ pid, open, onClose }: QrSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title={SHOP_MESSAGES.qrTitle} data-testid="qr-sheet">
      <QrBody pid={pid} />
    </Sheet>
  );
}

type QrState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' };

function QrBody({ pid }: { pid: number }) {
  const api = useApi();
  const [qr, setQr] = useState<QrState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    setQr({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the reason to ask again
  useEffect(() => {
    let isCurrent = true;
    withRetries(
      () => api.call(productQrcode, { pid, env_version: 'release' }),
      CART_QR_RETRIES,
      CART_QR_RETRY_DELAY_MS,
    ).then(
      ({ qrcodeUrl }) => isCurrent && setQr({ state: 'ready', url: qrcodeUrl }),
      () => isCurrent && setQr({ state: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [api, pid, attempt]);

  return (
    <div className="flex flex-col items-center gap-4 px-5 pt-5 pb-6">
      <div className="flex size-52 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-gray-200 dark:ring-gray-700">
        {qr.state === 'loading' ? <Skeleton className="size-full" aria-label={SHOP_MESSAGES.qrLoading} /> : null}
        {qr.state === 'ready' ? (
          <img
            data-testid="qr-image"
            src={qr.url}
            alt={SHOP_MESSAGES.qrAlt}
            width={200}
            height={200}
            className="size-full"
          />
        ) : null}
        {qr.state === 'failed' ? (
          <p role="alert" data-testid="qr-failed" className="px-3 text-center text-sm text-gray-600">
            {SHOP_MESSAGES.qrFailed}
          </p>
        ) : null}
      </div>
      {qr.state === 'failed' ? (
        <Button variant="outline" onClick={retry} data-testid="qr-retry">
          <RotateCw aria-hidden="true" className="size-4" />
          {SHOP_MESSAGES.qrRetry}
        </Button>
      ) : (
        <p className="text-xs text-gray-500 dark:text-gray-400">{SHOP_MESSAGES.qrHint}</p>
      )}
    </div>
  );
}
