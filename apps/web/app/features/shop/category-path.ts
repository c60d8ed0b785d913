import type { CategoryNode } from '@evcircle/contract/client';

/**
 * A category's address: /shop/category/{top}/{sub}/… — the ids from the top category
 * down to the one shown, each a child of the one before (e.g. /shop/category/3/12 is
 * sub-category 12 of top category 3). The path names the place in the tree, so a
 * breadcrumb and the rail follow from the address alone.
 */
export function categoryHref(path: readonly { cid: number }[]): string {
  return path.length === 0 ? '/shop' : `/shop/category/${path.map((node) => node.cid).join('/')}`;
}

/**
 * The nodes a category address names, top first, or null when any step is not an id or
 * not a child of the step before (an unknown or moved category: the 404 page).
 */
export function resolveCategoryPath(tree: readonly CategoryNode[], splat: string): CategoryNode[] | null {
  const parts = splat.split('/').filter((part) => part !== '');
  if (parts.length === 0 || parts.length > 8) return null;
  const path: CategoryNode[] = [];
  let level: readonly CategoryNode[] = tree;
  for (const part of parts) {
    if (!/^\d{1,15}$/.test(part)) return null;
    const node = level.find((candidate) => candidate.cid === Number(part));
    if (!node) return null;
    path.push(node);
    level = node.children;
  }
  return path;
}

/** The path from the top down to the category `cid`, or null when the tree has no such category. */
export function pathToCategory(tree: readonly CategoryNode[], cid: number): CategoryNode[] | null {
  for (const node of tree) {
    if (node.cid === cid) return [node];
    const below = pathToCategory(node.children, cid);
    if (below) return [node, ...below];
  }
  return null;
}
