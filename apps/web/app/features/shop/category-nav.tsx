import { type CategoryNode, formatMessage } from '@evcircle/contract/client';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { NamedIcon } from '~/features/icons/index.ts';
import { cn } from '~/ui/cn.ts';
import { categoryHref } from './category-path.ts';
import { SHOP_MESSAGES } from './messages.ts';

type CategoryNavProps = {
  tree: readonly CategoryNode[];
  /** The categories from the top down to the one shown; [] on /shop. */
  path: readonly CategoryNode[];
};

/**
 * The desktop rail: 全部 and every top category, the open one (and any on the path)
 * showing its sub-categories.
 */
export function CategoryRail({ tree, path }: CategoryNavProps) {
  const current = path[path.length - 1]?.cid;
  const onPath = new Set(path.map((node) => node.cid));
  const entry = (node: CategoryNode, trail: readonly CategoryNode[], depth: number) => {
    const isOpen = onPath.has(node.cid);
    const here = [...trail, node];
    return (
      <li key={node.cid}>
        <Link
          to={categoryHref(here)}
          aria-current={current === node.cid ? 'page' : undefined}
          data-testid="rail-category"
          data-cid={node.cid}
          className={cn(
            'flex items-center justify-between rounded-lg py-2 pr-2 text-sm transition-colors',
            depth === 0 ? 'pl-3' : 'pl-6 text-[13px]',
            current === node.cid
              ? 'bg-primary-50 font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-300'
              : isOpen
                ? 'font-medium text-gray-900 dark:text-gray-100'
                : 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
          )}
        >
          <span className="flex min-w-0 items-center gap-2">
            {node.icon ? <NamedIcon name={node.icon} className="size-4" /> : null}
            <span className="truncate">{node.cname}</span>
          </span>
          {depth === 0 && node.children.length > 0 ? (
            <ChevronRight
              aria-hidden="true"
              className={cn('size-4 shrink-0 text-gray-400 transition-transform', isOpen && 'rotate-90')}
            />
          ) : null}
        </Link>
        {isOpen && node.children.length > 0 ? (
          <ul className="mt-0.5 flex flex-col gap-0.5">
            {node.children.map((child) => entry(child, here, depth + 1))}
          </ul>
        ) : null}
      </li>
    );
  };
  return (
    <nav aria-label={SHOP_MESSAGES.categories} data-testid="category-rail" className="sticky top-20">
      <ul className="flex flex-col gap-0.5">
        <li>
          <Link
            to="/shop"
            aria-current={path.length === 0 ? 'page' : undefined}
            data-testid="rail-all"
            className={cn(
              'block rounded-lg py-2 pl-3 text-sm transition-colors',
              path.length === 0
                ? 'bg-primary-50 font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-300'
                : 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
            )}
          >
            {SHOP_MESSAGES.all}
          </Link>
        </li>
        {tree.map((node) => entry(node, [], 0))}
      </ul>
    </nav>
  );
}

/** The phone strip on /shop: 全部 and the top categories, scrolled sideways. */
export function CategoryStrip({ tree }: { tree: readonly CategoryNode[] }) {
  return (
    <nav aria-label={SHOP_MESSAGES.categories} data-testid="category-strip" className="-mx-3">
      <ul className="flex gap-2 overflow-x-auto px-3 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        <li className="shrink-0">
          <span
            aria-current="page"
            className="inline-flex h-8 items-center rounded-full bg-primary-600 px-3.5 text-sm font-medium text-white"
          >
            {SHOP_MESSAGES.all}
          </span>
        </li>
        {tree.map((node) => (
          <li key={node.cid} className="shrink-0">
            <Link
              to={categoryHref([node])}
              data-testid="strip-category"
              data-cid={node.cid}
              className="inline-flex h-8 items-center gap-1.5 rounded-full bg-gray-100 px-3.5 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200"
            >
              {node.icon ? <NamedIcon name={node.icon} className="size-4" /> : null}
              {node.cname}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 商城 › 充电设备 › 家用充电桩: every step a link but the last. */
export function Breadcrumb({ path }: { path: readonly CategoryNode[] }) {
  return (
    <nav aria-label={SHOP_MESSAGES.breadcrumb} data-testid="breadcrumb">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-gray-500 dark:text-gray-400">
        <li>
          <Link to="/shop" className="hover:text-gray-900 dark:hover:text-white">
            {SHOP_MESSAGES.shop}
          </Link>
        </li>
        {path.map((node, i) => (
          <li key={node.cid} className="flex min-w-0 items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" />
            {i === path.length - 1 ? (
              <span aria-current="page" className="truncate font-medium text-gray-900 dark:text-gray-100">
                {node.cname}
              </span>
            ) : (
              <Link
                to={categoryHref(path.slice(0, i + 1))}
                className="truncate hover:text-gray-900 dark:hover:text-white"
              >
                {node.cname}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The sub-categories of the category shown, as chips: 全部{name} (the category itself)
 * and its children; on a leaf, its siblings (so the reader can move sideways).
 */
export function SubCategoryChips({ path }: { path: readonly CategoryNode[] }) {
  const node = path[path.length - 1];
  if (!node) return null;
  const isLeaf = node.children.length === 0;
  const parentPath = isLeaf ? path.slice(0, -1) : path;
  const parent = parentPath[parentPath.length - 1];
  if (!parent || parent.children.length === 0) return null;
  return (
    <nav aria-label={SHOP_MESSAGES.subCategories} data-testid="sub-categories">
      <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none] md:flex-wrap [&::-webkit-scrollbar]:hidden">
        <li className="shrink-0">
          <Link
            to={categoryHref(parentPath)}
            aria-current={parent.cid === node.cid ? 'page' : undefined}
            className={chip(parent.cid === node.cid)}
          >
            {formatMessage(SHOP_MESSAGES.allIn, { name: parent.cname })}
          </Link>
        </li>
        {parent.children.map((child) => (
          <li key={child.cid} className="shrink-0">
            <Link
              to={categoryHref([...parentPath, child])}
              aria-current={child.cid === node.cid ? 'page' : undefined}
              data-testid="sub-category"
              data-cid={child.cid}
              className={chip(child.cid === node.cid)}
            >
              {child.icon ? <NamedIcon name={child.icon} className="size-4" /> : null}
              {child.cname}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function chip(isActive: boolean): string {
  return cn(
    'inline-flex h-8 items-center gap-1.5 rounded-full border px-3.5 text-sm transition-colors',
    isActive
      ? 'border-primary-500 bg-primary-50 font-medium text-primary-700 dark:border-primary-400 dark:bg-primary-950 dark:text-primary-300'
      : 'border-gray-200 text-gray-700 hover:border-gray-300 dark:border-gray-700 dark:text-gray-200 dark:hover:border-gray-600',
  );
}
