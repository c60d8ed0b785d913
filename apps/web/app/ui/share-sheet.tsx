import { Check, Copy, Send, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { Sheet } from './sheet.tsx';
import { Skeleton } from './skeleton.tsx';

/** Wording of the share sheet (zh-CN); here, not in messages.ts, so it loads with the sheet. */
const SHARE_MESSAGES = {
  copyLink: '复制链接',
  copied: '已复制',
  copyFailed: '复制失败，请手动复制链接',
  qrHint: '微信扫一扫，在手机上打开',
  qrFailed: '二维码生成失败',
  systemShare: '更多分享方式',
} as const;

/** What is shared, in words: the sheet's heading (分享帖子), the link's and the QR's names. */
export type ShareWords = { heading: string; linkLabel: string; qrAlt: string };

/** One more way to share, offered first (分享到私信): its words and what a tap does. */
export type ShareAction = { label: string; onClick: () => void; 'data-testid': string };

type ShareSheetProps = {
  /** The link to share; null keeps the sheet closed. */
  url: string | null;
  /** The title handed to the system share sheet. */
  title: string;
  words: ShareWords;
  onClose: () => void;
  /** Another way to share, above the QR code. */
  action?: ShareAction;
};

/**
 * Sharing a page (a post, a product): the link with 复制链接, a QR code of it to open on a phone, and the system share
 * sheet where the browser has one. The sheet is a native dialog in the top layer, so the
 * copy confirmation shows on the button itself rather than as a toast behind it.
 */
export function ShareSheet({ url, title, words, onClose, action }: ShareSheetProps) {
  return (
    <Sheet open={url !== null} onClose={onClose} title={words.heading} data-testid="share-sheet">
      {url ? <ShareBody url={url} title={title} words={words} action={action} /> : null}
    </Sheet>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function ShareBody({
  url,
  title,
  words,
  action,
}: {
  url: string;
  title: string;
  words: ShareWords;
  action?: ShareAction;
}) {
  const [qr, setQr] = useState<string | 'failed' | null>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    let isCurrent = true;
    // Loaded on demand: the QR encoder is only needed once someone shares.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(url, { margin: 1, width: 360, errorCorrectionLevel: 'M' }))
      .then(
        (image) => isCurrent && setQr(image),
        () => isCurrent && setQr('failed'),
      );
    return () => {
      isCurrent = false;
    };
  }, [url]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      // No clipboard (plain http, permission refused): the link is selectable on screen.
      setCopy('failed');
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 px-5 pt-5 pb-6">
      {action ? (
        <Button variant="outline" className="w-full" onClick={action.onClick} data-testid={action['data-testid']}>
          <Send aria-hidden="true" className="size-4" />
          {action.label}
        </Button>
      ) : null}
      <div className="flex size-44 items-center justify-center rounded-xl bg-white p-2 ring-1 ring-gray-200 dark:ring-gray-700">
        {qr === null ? <Skeleton className="size-full" /> : null}
        {qr === 'failed' ? <span className="text-sm text-gray-500">{SHARE_MESSAGES.qrFailed}</span> : null}
        {qr && qr !== 'failed' ? (
          <img data-testid="share-qr" src={qr} alt={words.qrAlt} width={176} height={176} className="size-full" />
        ) : null}
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">{SHARE_MESSAGES.qrHint}</p>
      <label className="w-full">
        <span className="sr-only">{words.linkLabel}</span>
        <input
          readOnly
          value={url}
          data-testid="share-url"
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200"
        />
      </label>
      <div className="flex w-full gap-3">
        <Button data-testid="share-copy" className="flex-1" onClick={copyLink}>
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? SHARE_MESSAGES.copied : SHARE_MESSAGES.copyLink}
        </Button>
        {canShareNatively ? (
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => {
              navigator.share({ title, url }).catch(() => {
                // Cancelled by the user: nothing to do.
              });
            }}
          >
            <Share2 aria-hidden="true" className="size-4" />
            {SHARE_MESSAGES.systemShare}
          </Button>
        ) : null}
      </div>
      <p role="status" className="min-h-4 text-xs text-red-600 dark:text-red-400">
        {copy === 'failed' ? SHARE_MESSAGES.copyFailed : ''}
      </p>
    </div>
  );
}
