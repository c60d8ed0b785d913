import type { AdminProduct, CategoryNode } from '@evcircle/contract/client';
import { chinaTimeParts } from '~/lib/china-time.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';

// The product form's state and the pure rules over it: the SKU table that follows the
// spec groups, yuan as typed, the promotion window on the Beijing clock, what to send.

/** Spec groups a product may have (the contract's limit). */
export const MAX_SPEC_GROUPS = 3;
/** SKUs a product may have (the contract's limit). */
export const MAX_SKUS = 200;
/** Images a product may have (the contract's limit). */
export const MAX_IMAGES = 9;

export type SpecDraft = { name: string; options: string[] };
export type SkuDraft = {
  /** One option per named spec group, in group order. */
  options: string[];
  price: string;
  market_price: string;
  promo_price: string;
  stock: string;
};
export type ProductDraft = {
  pid: number | null;
  cid: number | null;
  title: string;
  description: string;
  /** Stored image paths; the first is the cover. */
  images: string[];
  on_sale: boolean;
  specs: SpecDraft[];
  skus: SkuDraft[];
  /** datetime-local values on the Beijing clock ('' = none). */
  promo_start: string;
  promo_end: string;
};

const YUAN = /^\d{1,7}(\.\d{1,2})?$/;

/** Yuan as an admin may type it: "199", "199.9", "199.90". */
export function isYuanInput(text: string): boolean {
  return YUAN.test(text.trim());
}

/** A stock as typed: a whole number 0–999999. */
export function isStockInput(text: string): boolean {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed);
}

/** The groups that take part in the SKU table: named, with at least one named option (duplicates once). */
export function usableSpecs(specs: readonly SpecDraft[]): SpecDraft[] {
  return specs
    .map((spec) => ({
      name: spec.name.trim(),
      options: [...new Set(spec.options.map((option) => option.trim()).filter(Boolean))],
    }))
    .filter((spec) => spec.name !== '' && spec.options.length > 0);
}

/** Every combination of one option of each group, in group order ([[]] without groups). */
export function combinations(specs: readonly SpecDraft[]): string[][] {
  let rows: string[][] = [[]];
  for (const spec of specs) rows = rows.flatMap((row) => spec.options.map((option) => [...row, option]));
  return rows;
}

const keyOf = (options: readonly string[]) => JSON.stringify(options);

const EMPTY_SKU = { price: '', market_price: '', promo_price: '', stock: '' };

/**
 * The SKU table for `specs`: one row per combination, keeping what was typed for a
 * combination that stays; a new one starts from the row it grew out of (an option added
 * to another group), otherwise empty. Answers null when there would be more than MAX_SKUS.
 */
export function skuTable(specs: readonly SpecDraft[], previous: readonly SkuDraft[]): SkuDraft[] | null {
  const groups = usableSpecs(specs);
  const rows = combinations(groups);
  if (rows.length > MAX_SKUS) return null;
  const byKey = new Map(previous.map((sku) => [keyOf(sku.options), sku]));
  return rows.map((options) => {
    const kept = byKey.get(keyOf(options));
    if (kept) return { ...kept, options };
    // A group was added: the row without its option carries over.
    const parent = byKey.get(keyOf(options.slice(0, -1)));
    const values = parent ?? EMPTY_SKU;
    return {
      options,
      price: values.price,
      market_price: values.market_price,
      promo_price: values.promo_price,
      stock: values.stock,
    };
  });
}

/** Sets one field of every SKU (the 批量填写 row); empty values change nothing. */
export function fillSkus(skus: readonly SkuDraft[], values: Partial<Omit<SkuDraft, 'options'>>): SkuDraft[] {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value?.trim())) as Partial<SkuDraft>;
  return skus.map((sku) => ({ ...sku, ...set }));
}

/** An ISO time as a datetime-local value on the Beijing clock ('' stays ''). */
export function isoToChinaLocal(iso: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = chinaTimeParts(time);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A datetime-local value read on the Beijing clock, as ISO 8601 ('' stays ''; nonsense gives ''). */
export function chinaLocalToIso(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  const time = Date.parse(`${local}:00+08:00`);
  return Number.isNaN(time) ? '' : new Date(time).toISOString();
}

/** An empty form (a new product, in `cid` when one is chosen). */
export function emptyDraft(cid: number | null = null): ProductDraft {
  return {
    pid: null,
    cid,
    title: '',
    description: '',
    images: [],
    on_sale: false,
    specs: [],
    skus: [{ options: [], ...EMPTY_SKU }],
    promo_start: '',
    promo_end: '',
  };
}

/** The form for a stored product. */
export function draftOf(product: AdminProduct): ProductDraft {
  return {
    pid: product.pid,
    cid: product.cid,
    title: product.title,
    description: product.description,
    images: product.images,
    on_sale: product.on_sale,
    specs: product.specs.map((spec) => ({ name: spec.name, options: spec.options })),
    skus: product.skus.map((sku) => ({
      options: sku.options,
      price: sku.price,
      market_price: sku.market_price,
      promo_price: sku.promo_price,
      stock: String(sku.stock),
    })),
    promo_start: isoToChinaLocal(product.promo_start),
    promo_end: isoToChinaLocal(product.promo_end),
  };
}

export type DraftProblems = Partial<Record<'cid' | 'title' | 'images' | 'specs' | 'skus' | 'promo', string>>;

/** What the form can tell before sending (the server checks everything again). */
export function draftProblems(draft: ProductDraft): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.cid === null) problems.cid = M.needCategory;
  const title = draft.title.trim();
  if (title.length < 2) problems.title = M.titleShort;
  else if (title.length > 60) problems.title = M.titleLong;
  if (draft.images.length === 0) problems.images = M.needImage;
  const named = draft.specs.filter((spec) => spec.name.trim() !== '' || spec.options.some((o) => o.trim()));
  if (named.some((spec) => spec.name.trim() === '')) problems.specs = M.specNameEmpty;
  else if (named.some((spec) => !spec.options.some((o) => o.trim()))) problems.specs = M.specOptionsEmpty;
  const badSku = draft.skus.find(
    (sku) =>
      !isYuanInput(sku.price) ||
      (sku.market_price.trim() !== '' && !isYuanInput(sku.market_price)) ||
      (sku.promo_price.trim() !== '' && !isYuanInput(sku.promo_price)) ||
      !isStockInput(sku.stock),
  );
  if (draft.skus.length === 0) problems.skus = M.needSku;
  else if (badSku) problems.skus = M.skuInvalid;
  const hasPromoPrice = draft.skus.some((sku) => sku.promo_price.trim() !== '');
  const start = chinaLocalToIso(draft.promo_start);
  const end = chinaLocalToIso(draft.promo_end);
  if (hasPromoPrice && (!start || !end)) problems.promo = M.promoNeedsWindow;
  else if (start && end && Date.parse(end) <= Date.parse(start)) problems.promo = M.promoEndBeforeStart;
  return problems;
}

/** The body of adminProductSave for the form. */
export function saveBody(draft: ProductDraft) {
  return {
    pid: draft.pid ?? undefined,
    cid: draft.cid ?? 0,
    title: draft.title.trim(),
    description: draft.description.trim(),
    images: draft.images,
    specs: usableSpecs(draft.specs),
    skus: draft.skus.map((sku) => ({
      options: sku.options,
      price: sku.price.trim(),
      market_price: sku.market_price.trim(),
      promo_price: sku.promo_price.trim(),
      stock: Number(sku.stock.trim()),
    })),
    on_sale: draft.on_sale,
    promo_start: chinaLocalToIso(draft.promo_start),
    promo_end: chinaLocalToIso(draft.promo_end),
  };
}

/** Categories as a flat list with their depth and full path (for the picker and the manager). */
export type FlatCategory = { cid: number; cname: string; depth: number; path: string; children: number };

export function flattenTree(tree: readonly CategoryNode[], depth = 0, prefix = ''): FlatCategory[] {
  return tree.flatMap((node) => {
    const path = prefix ? `${prefix} / ${node.cname}` : node.cname;
    return [
      { cid: node.cid, cname: node.cname, depth, path, children: node.children.length },
      ...flattenTree(node.children, depth + 1, path),
    ];
  });
}

/** Moves the item at `from` to `to` (image order: the first is the cover). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The parent of `cid` in the tree (undefined at the top), so a rename keeps the category where it is. */
export function parentOf(tree: readonly CategoryNode[], cid: number, parent?: number): number | undefined {
  for (const node of tree) {
    if (node.cid === cid) return parent;
    const found = parentOf(node.children, cid, node.cid);
    if (found !== undefined) return found;
  }
  return undefined;
}
