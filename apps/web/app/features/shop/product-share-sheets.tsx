import { useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { ShareToChatSheet } from '~/features/chat/index.ts';
import { ShareSheet } from '~/ui/share-sheet.tsx';
import { SHOP_MESSAGES } from './messages.ts';

type ProductShareSheetsProps = {
  pid: number;
  /** The link to share; null keeps the share sheet closed. */
  url: string | null;
  title: string;
  onClose: () => void;
};

/**
 * Sharing a product: the share sheet (link, QR code) with 分享到私信, and the list of
 * people that opens. Loaded when a product is first shared, so the product page carries
 * none of it.
 */
export function ProductShareSheets({ pid, url, title, onClose }: ProductShareSheetsProps) {
  const [isChatOpen, setChatOpen] = useState(false);
  const requireLogin = useRequireLogin();
  return (
    <>
      <ShareSheet
        url={url}
        title={title}
        words={{
          heading: SHOP_MESSAGES.shareTitle,
          linkLabel: SHOP_MESSAGES.shareLink,
          qrAlt: SHOP_MESSAGES.shareQrAlt,
        }}
        onClose={onClose}
        action={{
          label: SHOP_MESSAGES.shareToChat,
          'data-testid': 'share-to-chat',
          onClick: () => {
            // One dialog at a time: the login or the list of people replaces this sheet.
            onClose();
            if (requireLogin()) setChatOpen(true);
          },
        }}
      />
      <ShareToChatSheet open={isChatOpen} target={{ kind: 'product', pid }} onClose={() => setChatOpen(false)} />
    </>
  );
}
