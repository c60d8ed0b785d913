import {
  ApiError,
  adminCategoryDelete,
  adminCategorySave,
  type CategoryNode,
  categoryTree,
  formatMessage,
  parseIconName,
} from '@evcircle/contract/client';
import { FolderPlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { NamedIcon } from '~/features/icons/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { inputClass } from './input-class.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import { parentOf } from './product-draft.ts';

/** The tree's row actions: icons (named for screen readers and on hover), so names keep the room. */
const ICON_BUTTON = 'size-8 shrink-0 px-0';

/** What is being typed: a new category (under `parent`, or at the top) or a new name and icon for `cid`. */
type Editing = { kind: 'add'; parent: number | null } | { kind: 'rename'; cid: number; cname: string };

/** How long the icon name rests before its preview is fetched (no request per keystroke). */
const ICON_PREVIEW_DELAY_MS = 300;

/** The icon typed, as its preview shows it: the name once it rests and is one, else nothing. */
function useIconPreview(icon: string): string | null {
  const [preview, setPreview] = useState(() => (parseIconName(icon) ? icon : null));
  useEffect(() => {
    const timer = setTimeout(() => setPreview(parseIconName(icon) ? icon : null), ICON_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [icon]);
  return preview;
}

/** The Iconify name of a category's icon, with a live preview; '' for none. */
function IconField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  const preview = useIconPreview(value.trim());
  const isInvalid = value.trim() !== '' && !parseIconName(value.trim());
  return (
    <span className="flex items-center gap-2">
      <span
        data-testid="category-icon-preview"
        className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-gray-200 text-gray-700 dark:border-gray-700 dark:text-gray-200"
      >
        {preview ? <NamedIcon name={preview} className="size-5" /> : null}
      </span>
      <input
        data-testid="category-icon"
        aria-label={M.categoryIcon}
        aria-describedby={hintId}
        aria-invalid={isInvalid || undefined}
        placeholder={M.categoryIconPlaceholder}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={80}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} h-8 w-48`}
      />
      <span id={hintId} className={isInvalid ? 'text-xs text-red-600 dark:text-red-400' : 'sr-only'}>
        {isInvalid ? M.categoryIconInvalid : M.categoryIconHint}
      </span>
    </span>
  );
}

function NameInput({
  initial,
  initialIcon,
  onSubmit,
  onCancel,
}: {
  initial: string;
  initialIcon: string;
  onSubmit: (name: string, icon: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial);
  const [icon, setIcon] = useState(initialIcon);
  const [isBusy, setBusy] = useState(false);
  return (
    <form
      data-testid="category-name-form"
      className="flex flex-wrap items-center gap-2 py-1"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          await onSubmit(name, icon.trim());
        } finally {
          setBusy(false);
        }
      }}
    >
      <input
        data-testid="category-name"
        aria-label={M.categoryName}
        placeholder={M.categoryNamePlaceholder}
        maxLength={12}
        value={name}
        // biome-ignore lint/a11y/noAutofocus: the field the admin just asked for
        autoFocus
        onChange={(event) => setName(event.target.value)}
        className={`${inputClass} h-8 w-40`}
      />
      <IconField value={icon} onChange={setIcon} />
      <Button type="submit" size="sm" data-testid="category-name-save" disabled={isBusy}>
        {M.confirm}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel} disabled={isBusy}>
        {M.cancel}
      </Button>
    </form>
  );
}

/** The category tree: add a top or sub-category, rename, delete an empty one. */
export function CategoryManager({ tree, onTree }: { tree: CategoryNode[]; onTree: (tree: CategoryNode[]) => void }) {
  const api = useApi();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<CategoryNode | null>(null);

  const fail = (error: unknown) => toast.show(error instanceof ApiError ? error.message : M.failed, { tone: 'error' });
  const reload = async () => onTree(await api.call(categoryTree, {}));

  async function saveName(name: string, icon: string) {
    if (!editing) return;
    try {
      if (editing.kind === 'add') {
        await api.call(adminCategorySave, { cname: name, parent_id: editing.parent ?? undefined, icon });
      } else {
        await api.call(adminCategorySave, {
          cid: editing.cid,
          cname: name,
          parent_id: parentOf(tree, editing.cid),
          icon,
        });
      }
      toast.show(M.categorySaved, { tone: 'success' });
      setEditing(null);
      await reload();
    } catch (error) {
      fail(error);
    }
  }

  const nameInput = (initial: string, initialIcon = '') => (
    <NameInput initial={initial} initialIcon={initialIcon} onSubmit={saveName} onCancel={() => setEditing(null)} />
  );

  const renderNode = (node: CategoryNode, depth: number) => (
    <li key={node.cid} data-testid="category-node" data-cid={node.cid} data-name={node.cname}>
      <div className="flex min-h-10 items-center gap-0.5 py-0.5" style={{ paddingLeft: `${depth * 1.25}rem` }}>
        {editing?.kind === 'rename' && editing.cid === node.cid ? (
          nameInput(node.cname, node.icon ?? '')
        ) : (
          <>
            {node.icon ? <NamedIcon name={node.icon} className="mr-1.5 size-4" /> : null}
            <span className="min-w-0 flex-1 truncate text-sm" data-testid="category-label">
              {node.cname}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className={ICON_BUTTON}
              title={M.addSubCategory}
              aria-label={`${M.addSubCategory} ${node.cname}`}
              data-testid="category-add-sub"
              onClick={() => setEditing({ kind: 'add', parent: node.cid })}
            >
              <FolderPlus aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className={ICON_BUTTON}
              title={M.rename}
              aria-label={`${M.rename} ${node.cname}`}
              data-testid="category-rename"
              onClick={() => setEditing({ kind: 'rename', cid: node.cid, cname: node.cname })}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${M.delete} ${node.cname}`}
              data-testid="category-delete"
              title={M.delete}
              className={`${ICON_BUTTON} text-red-600 dark:text-red-400`}
              onClick={() => setDeleting(node)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
      </div>
      {editing?.kind === 'add' && editing.parent === node.cid ? (
        <div style={{ paddingLeft: `${(depth + 1) * 1.25}rem` }}>{nameInput('')}</div>
      ) : null}
      {node.children.length > 0 ? <ul>{node.children.map((child) => renderNode(child, depth + 1))}</ul> : null}
    </li>
  );

  return (
    <div
      data-testid="category-manager"
      className="rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{M.categories}</h2>
        <Button
          variant="outline"
          size="sm"
          data-testid="category-add-top"
          onClick={() => setEditing({ kind: 'add', parent: null })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {M.addTopCategory}
        </Button>
      </div>
      {editing?.kind === 'add' && editing.parent === null ? nameInput('') : null}
      {tree.length === 0 ? <p className="py-6 text-center text-sm text-gray-500">{M.noCategories}</p> : null}
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">{tree.map((node) => renderNode(node, 0))}</ul>
      <ConfirmSheet
        open={deleting !== null}
        title={formatMessage(M.deleteCategoryTitle, { name: deleting?.cname ?? '' })}
        hint={M.deleteCategoryHint}
        confirmLabel={M.delete}
        danger
        data-testid="category-delete-confirm"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await api.call(adminCategoryDelete, { cid: deleting.cid });
            toast.show(M.categoryDeleted, { tone: 'success' });
            setDeleting(null);
            await reload();
          } catch (error) {
            fail(error);
            setDeleting(null);
          }
        }}
      />
    </div>
  );
}
