import { BOOKMARK_FOLDER_MAX_LENGTH } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

/** The text fields of the add form, the edit sheet and the admin's form. */
export const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 outline-none placeholder:text-gray-400 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/20 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-500';

export const labelClass = 'mb-1 block text-xs font-medium text-gray-600 dark:text-gray-300';

type FolderFieldProps = {
  id: string;
  value: string;
  onChange: (folder: string) => void;
  /** The viewer's folders (names, without '' = 未分类): a tap puts one in the box. */
  folders: string[];
  'data-testid'?: string;
};

/** 文件夹: a name typed (a new folder) or one of the existing ones tapped; empty = 未分类. */
export function FolderField({ id, value, onChange, folders, 'data-testid': testId }: FolderFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {BOOKMARKS_MESSAGES.folderLabel}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={BOOKMARK_FOLDER_MAX_LENGTH}
        placeholder={BOOKMARKS_MESSAGES.folderPlaceholder}
        autoComplete="off"
        data-testid={testId}
        className={fieldClass}
      />
      {folders.length > 0 ? (
        <div className="mt-2 flex flex-wrap gap-1.5">
          {folders.map((folder) => {
            const isChosen = folder === value.trim();
            return (
              <button
                key={folder}
                type="button"
                aria-pressed={isChosen}
                data-testid="folder-choice"
                onClick={() => onChange(isChosen ? '' : folder)}
                className={cn(
                  'h-7 max-w-40 truncate rounded-full px-2.5 text-xs transition-colors',
                  isChosen
                    ? 'bg-primary-600 text-white'
                    : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700',
                )}
              >
                {folder}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
