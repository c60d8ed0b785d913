import { useState } from 'react';
import { Button } from '~/ui/button.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { PUBLISH_MESSAGES } from './messages.ts';

type LeaveDialogProps = {
  open: boolean;
  /** Files are still uploading (they would be cut off). */
  isUploading: boolean;
  /** There is something a draft can keep. */
  canSave: boolean;
  onStay: () => void;
  onLeave: () => void;
  /** Saves the draft; answers true when it was saved. */
  onSave: () => Promise<boolean>;
};

/** 离开发布页？ — asked when the composer is left with unsaved changes. */
export function LeaveDialog({ open, isUploading, canSave, onStay, onLeave, onSave }: LeaveDialogProps) {
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Sheet open={open} onClose={onStay} title={PUBLISH_MESSAGES.leaveTitle} data-testid="leave-dialog">
      <div className="p-4">
        <p className="text-sm text-gray-600 dark:text-gray-300">{PUBLISH_MESSAGES.leaveHint}</p>
        {isUploading ? (
          <p className="mt-2 text-sm text-amber-700 dark:text-amber-300">{PUBLISH_MESSAGES.leaveUploading}</p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onStay} data-testid="leave-stay">
            {PUBLISH_MESSAGES.stay}
          </Button>
          <Button variant="outline" onClick={onLeave} data-testid="leave-discard" disabled={isSaving}>
            {PUBLISH_MESSAGES.leaveWithoutSaving}
          </Button>
          {canSave ? (
            <Button
              data-testid="leave-save"
              disabled={isSaving}
              onClick={async () => {
                setIsSaving(true);
                try {
                  if (await onSave()) onLeave();
                } finally {
                  setIsSaving(false);
                }
              }}
            >
              {isSaving ? PUBLISH_MESSAGES.savingDraft : PUBLISH_MESSAGES.saveAndLeave}
            </Button>
          ) : null}
        </div>
      </div>
    </Sheet>
  );
}
