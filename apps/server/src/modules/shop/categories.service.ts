import { AppError, type CategoryNode } from '@evcircle/contract';
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { shopCategories, shopProducts } from './shop.tables.ts';

type CategoryRow = { id: number; parentId: number | null; name: string; sort: number; icon: string | null };

/** Every category, ordered by sort then id (a shop has tens of them: read whole). */
export async function allCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select({
      id: shopCategories.id,
      parentId: shopCategories.parentId,
      name: shopCategories.name,
      sort: shopCategories.sort,
      icon: shopCategories.icon,
    })
    .from(shopCategories)
    .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
}

/** The whole tree, each level ordered by sort then cid. */
export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await allCategories(db);
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [
      row.id,
      row.icon
        ? { cid: row.id, cname: row.name, icon: row.icon, children: [] }
        : { cid: row.id, cname: row.name, children: [] },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** `cid` and every category under it; CATEGORY_NOT_FOUND for an unknown cid. */
export function descendantsOf(rows: readonly CategoryRow[], cid: number): number[] {
  if (!rows.some((row) => row.id === cid)) throw new AppError('CATEGORY_NOT_FOUND');
  const found = [cid];
  for (let i = 0; i < found.length; i++) {
    for (const row of rows) if (row.parentId === found[i]) found.push(row.id);
  }
  return found;
}

/** From the top category down to `cid` (empty for an unknown one). */
export function categoryPath(rows: readonly CategoryRow[], cid: number): { cid: number; cname: string }[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: { cid: number; cname: string }[] = [];
  let current = byId.get(cid);
  while (current && path.length <= rows.length) {
    path.unshift({ cid: current.id, cname: current.name });
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

/** Locks a category row for the transaction; CATEGORY_NOT_FOUND when there is none. */
async function lockCategory(tx: Db, cid: number, strength: 'share' | 'update'): Promise<void> {
  const [row] = await tx
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(eq(shopCategories.id, cid))
    .for(strength);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
}

/** The sort column is a 32-bit integer; admins use small numbers. */
const MAX_SORT = 1_000_000;

export type CategoryInput = {
  cid?: number | undefined;
  cname: string;
  parent_id?: number | undefined;
  sort: number;
  /** An Iconify name (the contract checked it), '' for none, undefined to keep the one it has. */
  icon?: string | undefined;
};

/**
 * Creates a category (no cid) or renames/moves/re-sorts one, and sets or clears its icon.
 * An unknown cid or parent is CATEGORY_NOT_FOUND; a move under itself or one of its own is
 * CATEGORY_CYCLE. Answers its cid.
 */
export async function saveCategory(db: Db, input: CategoryInput): Promise<number> {
  const parentId = input.parent_id ?? null;
  const icon = input.icon === undefined ? {} : { icon: input.icon.trim() || null };
  const fields = { name: input.cname.trim(), parentId, sort: input.sort, ...icon };
  if (!fields.name) throw new AppError('VALIDATION_FAILED', { detail: '分类名不能为空' });
  if (Math.abs(fields.sort) > MAX_SORT)
    throw new AppError('VALIDATION_FAILED', { detail: `排序须在 ±${MAX_SORT} 之内` });
  return transaction(db, async (tx, announce) => {
    // The parent stays while its child is written (deleteCategory locks it for update).
    if (parentId !== null) await lockCategory(tx, parentId, 'share');
    const rows = await allCategories(tx);
    if (input.cid === undefined) {
      const [row] = await tx.insert(shopCategories).values(fields).returning({ id: shopCategories.id });
      if (!row) throw new Error('category insert returned no row');
      await announce('category.changed', { categoryId: row.id });
      return row.id;
    }
    const own = descendantsOf(rows, input.cid);
    if (parentId !== null && own.includes(parentId)) throw new AppError('CATEGORY_CYCLE');
    await tx.update(shopCategories).set(fields).where(eq(shopCategories.id, input.cid));
    await announce('category.changed', { categoryId: input.cid });
    return input.cid;
  });
}

/** Deletes an empty category: CATEGORY_NOT_EMPTY with products or sub-categories in it. */
export async function deleteCategory(db: Db, cid: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategory(tx, cid, 'update');
    const rows = await allCategories(tx);
    if (descendantsOf(rows, cid).length > 1) throw new AppError('CATEGORY_NOT_EMPTY');
    const [products] = await tx.select({ n: count() }).from(shopProducts).where(eq(shopProducts.categoryId, cid));
    if ((products?.n ?? 0) > 0) throw new AppError('CATEGORY_NOT_EMPTY');
    await tx.delete(shopCategories).where(eq(shopCategories.id, cid));
  });
}
