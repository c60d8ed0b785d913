import { useEffect, useState } from 'react';
import { Skeleton } from '~/ui/skeleton.tsx';
import { PAYMENTS_MESSAGES } from './messages.ts';

/**
 * The QR code of a payment's code_url (VIP and shop checkouts), drawn in the browser as
 * the share sheet draws its own (the encoder loads with the checkout, not with the page). The address rides along
 * in data-pay-address for whoever cannot scan (a test, a screen reader's user copying it).
 */
export function PayQr({ text, testId }: { text: string; testId: string }) {
  const [image, setImage] = useState<string | 'failed' | null>(null);

  useEffect(() => {
    let isCurrent = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(text, { margin: 1, width: 360, errorCorrectionLevel: 'M' }))
      .then(
        (url) => isCurrent && setImage(url),
        () => isCurrent && setImage('failed'),
      );
    return () => {
      isCurrent = false;
    };
  }, [text]);

  return (
    <div
      data-testid={testId}
      data-pay-address={text}
      className="flex size-48 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-gray-200 dark:ring-gray-700"
    >
      {image === null ? <Skeleton className="size-full" /> : null}
      {image === 'failed' ? (
        <span role="alert" className="px-3 text-center text-sm text-gray-600">
          {PAYMENTS_MESSAGES.qrFailed}
        </span>
      ) : null}
      {image && image !== 'failed' ? (
        <img src={image} alt={PAYMENTS_MESSAGES.qrAlt} width={176} height={176} className="size-full" />
      ) : null}
    </div>
  );
}
