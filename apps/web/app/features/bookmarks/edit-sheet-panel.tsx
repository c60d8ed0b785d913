import {
  ApiError,
  BOOKMARK_NOTE_MAX_LENGTH,
  BOOKMARK_TITLE_MAX_LENGTH,
  type Bookmark,
  bookmarkUpdate,
} from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { FolderField, fieldClass, labelClass } from './fields.tsx';
import { BOOKMARKS_MESSAGES } from './messages.ts';

export type EditSheetProps = {
  /** The bookmark being edited; null keeps the sheet closed. */
  bookmark: Bookmark | null;
  folders: string[];
  onClose: () => void;
  /** After a save, with the bookmark as the server now holds it. */
  onSaved: (bookmark: Bookmark) => void;
};

/** 编辑收藏: title, note and folder (bookmark/update); the error of a refused save stays in the sheet. */
export function EditSheetPanel({ bookmark, folders, onClose, onSaved }: EditSheetProps) {
  return (
    <Sheet
      open={bookmark !== null}
      onClose={onClose}
      title={BOOKMARKS_MESSAGES.editTitle}
      data-testid="bookmark-edit-sheet"
    >
      {bookmark ? (
        <EditForm key={bookmark.id} bookmark={bookmark} folders={folders} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Sheet>
  );
}

function EditForm({ bookmark, folders, onClose, onSaved }: EditSheetProps & { bookmark: Bookmark }) {
  const api = useApi();
  const ids = useId();
  const [title, setTitle] = useState(bookmark.title);
  const [note, setNote] = useState(bookmark.note);
  const [folder, setFolder] = useState(bookmark.folder);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    setIsSaving(true);
    setError(null);
    try {
      const saved = await api.call(bookmarkUpdate, {
        id: bookmark.id,
        fields: { title: title.trim(), note: note.trim(), folder: folder.trim() },
      });
      onSaved(saved);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : BOOKMARKS_MESSAGES.saveFailed);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-3 p-4">
      <p className="truncate text-xs text-gray-500 dark:text-gray-400">{bookmark.url}</p>
      <div>
        <label htmlFor={`${ids}-title`} className={labelClass}>
          {BOOKMARKS_MESSAGES.titleLabel}
        </label>
        <input
          id={`${ids}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={BOOKMARK_TITLE_MAX_LENGTH}
          placeholder={BOOKMARKS_MESSAGES.titlePlaceholder}
          data-testid="bookmark-edit-title"
          className={fieldClass}
        />
      </div>
      <FolderField
        id={`${ids}-folder`}
        value={folder}
        onChange={setFolder}
        folders={folders}
        data-testid="bookmark-edit-folder"
      />
      <div>
        <label htmlFor={`${ids}-note`} className={labelClass}>
          {BOOKMARKS_MESSAGES.noteLabel}
        </label>
        <textarea
          id={`${ids}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={BOOKMARK_NOTE_MAX_LENGTH}
          rows={3}
          placeholder={BOOKMARKS_MESSAGES.notePlaceholder}
          data-testid="bookmark-edit-note"
          className={`${fieldClass} h-auto py-2`}
        />
      </div>
      {error ? (
        <p role="alert" data-testid="bookmark-edit-error" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={isSaving} className="max-md:flex-1">
          {UI_MESSAGES.cancel}
        </Button>
        <Button type="submit" disabled={isSaving} data-testid="bookmark-edit-save" className="max-md:flex-1">
          {isSaving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {isSaving ? BOOKMARKS_MESSAGES.saving : BOOKMARKS_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}
