import { UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/ui/button.tsx';
import { RELATIONS_MESSAGES } from './messages.ts';
import { useBlock } from './use-block.ts';

type UnblockButtonProps = {
  uid: number;
  name: string;
  /** After the block was lifted (the page reads its data again). */
  onUnblocked: () => void;
  className?: string;
};

/** 取消拉黑, in place of 关注 on the profile of someone the viewer blocked. */
export function UnblockButton({ uid, name, onUnblocked, className }: UnblockButtonProps) {
  const { toggle } = useBlock(uid, name);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Button
      variant="outline"
      data-testid="unblock-button"
      className={className}
      disabled={isBusy}
      onClick={async () => {
        setIsBusy(true);
        const now = await toggle();
        setIsBusy(false);
        if (now === false) onUnblocked();
      }}
    >
      <UserX aria-hidden="true" className="size-4" />
      {RELATIONS_MESSAGES.unblock}
    </Button>
  );
}
