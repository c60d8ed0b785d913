import {
  ApiError,
  BOOKMARK_NOTE_MAX_LENGTH,
  BOOKMARK_TITLE_MAX_LENGTH,
  BOOKMARK_URL_MAX_LENGTH,
  type Bookmark,
  bookmarkSave,
  normalizeBookmarkUrl,
} from '@evcircle/contract/client';
import { Link2, LoaderCircle, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { BookmarkIcon } from './bookmark-icon.tsx';
import { FolderField, fieldClass, labelClass } from './fields.tsx';
import { BOOKMARKS_MESSAGES } from './messages.ts';
import { useLinkMeta } from './use-link-meta.ts';

type AddLinkFormProps = {
  /** What the link box holds (the page keeps it: a tap on 最近访问 fills it). */
  text: string;
  onTextChange: (text: string) => void;
  /** The viewer's folder names (without 未分类). */
  folders: string[];
  /** After a save: the bookmark, and whether it is new (false: the same URL was updated). */
  onSaved: (bookmark: Bookmark, created: boolean) => void;
};

/**
 * 收藏链接: a URL pasted or typed; once it is a valid URL the page's title and icon are
 * read (useLinkMeta) and shown, the title editable; a failed read says why and leaves the
 * title to the person. Folder (existing or new) and note, then 保存 (bookmark/save).
 */
export function AddLinkForm({ text, onTextChange, folders, onSaved }: AddLinkFormProps) {
  const api = useApi();
  const toast = useToast();
  const ids = useId();
  const meta = useLinkMeta(text);
  const url = normalizeBookmarkUrl(text);
  /** A title the person typed, for the URL it was typed for (a new URL takes the page's again). */
  const [typedTitle, setTypedTitle] = useState<{ url: string | null; text: string } | null>(null);
  const [folder, setFolder] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const pageTitle = meta.state === 'ok' ? meta.title : '';
  const title = typedTitle && typedTitle.url === url ? typedTitle.text : pageTitle;
  const favicon = meta.state === 'ok' ? meta.favicon : '';
  const hasDetails = url !== null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (url === null || isSaving) return;
    setIsSaving(true);
    setError(null);
    try {
      const result = await api.call(bookmarkSave, {
        url,
        title: title.trim(),
        favicon,
        note: note.trim(),
        folder: folder.trim(),
      });
      toast.show(result.created ? BOOKMARKS_MESSAGES.saved : BOOKMARKS_MESSAGES.updated, { tone: 'success' });
      onTextChange('');
      setTypedTitle(null);
      setNote('');
      onSaved(result.bookmark, result.created);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : BOOKMARKS_MESSAGES.saveFailed);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form
      onSubmit={save}
      aria-labelledby={`${ids}-heading`}
      data-testid="bookmark-add"
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <h2 id={`${ids}-heading`} className="mb-3 text-base font-semibold">
        {BOOKMARKS_MESSAGES.addTitle}
      </h2>
      <label htmlFor={`${ids}-url`} className="sr-only">
        {BOOKMARKS_MESSAGES.urlLabel}
      </label>
      <div className="relative">
        <Link2
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <input
          id={`${ids}-url`}
          type="url"
          inputMode="url"
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setError(null);
          }}
          maxLength={BOOKMARK_URL_MAX_LENGTH}
          placeholder={BOOKMARKS_MESSAGES.urlPlaceholder}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={meta.state === 'invalid'}
          aria-describedby={`${ids}-status`}
          data-testid="bookmark-url"
          className={cn(fieldClass, 'px-9')}
        />
        {text ? (
          <button
            type="button"
            aria-label={BOOKMARKS_MESSAGES.clear}
            onClick={() => {
              onTextChange('');
              setError(null);
            }}
            className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-gray-400 hover:bg-gray-100 hover:text-gray-700 dark:hover:bg-gray-800 dark:hover:text-gray-200"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      <MetaStatus id={`${ids}-status`} meta={meta} />

      {hasDetails ? (
        <div className="mt-3 flex flex-col gap-3">
          <div>
            <label htmlFor={`${ids}-title`} className={labelClass}>
              {BOOKMARKS_MESSAGES.titleLabel}
            </label>
            <div className="flex items-center gap-2.5">
              {meta.state === 'loading' ? (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-gray-100 dark:bg-gray-800">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-gray-400" />
                </span>
              ) : (
                <BookmarkIcon key={`${url}:${favicon}`} url={url} favicon={favicon} />
              )}
              <input
                id={`${ids}-title`}
                value={title}
                onChange={(event) => setTypedTitle({ url, text: event.target.value })}
                maxLength={BOOKMARK_TITLE_MAX_LENGTH}
                placeholder={
                  meta.state === 'error' ? BOOKMARKS_MESSAGES.metaManual : BOOKMARKS_MESSAGES.titlePlaceholder
                }
                data-testid="bookmark-title"
                className={fieldClass}
              />
            </div>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <FolderField
              id={`${ids}-folder`}
              value={folder}
              onChange={setFolder}
              folders={folders}
              data-testid="bookmark-folder"
            />
            <div>
              <label htmlFor={`${ids}-note`} className={labelClass}>
                {BOOKMARKS_MESSAGES.noteLabel}
              </label>
              <input
                id={`${ids}-note`}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={BOOKMARK_NOTE_MAX_LENGTH}
                placeholder={BOOKMARKS_MESSAGES.notePlaceholder}
                data-testid="bookmark-note"
                className={fieldClass}
              />
            </div>
          </div>
        </div>
      ) : null}

      {error ? (
        <p role="alert" data-testid="bookmark-add-error" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {hasDetails ? (
        <div className="mt-4 flex justify-end">
          <Button type="submit" disabled={isSaving} data-testid="bookmark-save" className="max-md:w-full">
            {isSaving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {isSaving ? BOOKMARKS_MESSAGES.saving : BOOKMARKS_MESSAGES.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Under the link box: invalid, reading the page, or why it could not be read. */
function MetaStatus({ id, meta }: { id: string; meta: ReturnType<typeof useLinkMeta> }) {
  let content: string | null = null;
  let tone = 'text-gray-500 dark:text-gray-400';
  if (meta.state === 'invalid') {
    content = BOOKMARKS_MESSAGES.urlInvalid;
    tone = 'text-amber-700 dark:text-amber-400';
  } else if (meta.state === 'loading') {
    content = BOOKMARKS_MESSAGES.metaLoading;
  } else if (meta.state === 'error') {
    content = meta.message;
    tone = 'text-amber-700 dark:text-amber-400';
  }
  return (
    <p
      id={id}
      data-testid="bookmark-meta-status"
      data-state={meta.state}
      className={cn('text-xs', content ? 'mt-1.5' : 'sr-only', tone)}
    >
      {content}
    </p>
  );
}
