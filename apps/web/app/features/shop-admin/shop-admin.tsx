import type { AdminProduct, CategoryNode } from '@evcircle/contract/client';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import { type AdminListPage, ProductList } from './product-list.tsx';

/**
 * The category tree and its form (with icons picked by name) load apart from the page: the
 * product list comes first, and the server renders both (lazyComponent).
 */
const CategoryManager = lazyComponent(() => import('./category-manager.tsx').then((module) => module.CategoryManager));

/**
 * The product form (specs, SKUs, images and their upload, the description's preview)
 * loads with ?edit= only: the list does without it.
 */
const ProductEditor = lazyComponent(() => import('./product-form.tsx').then((module) => module.ProductEditor));

export type ShopAdminView =
  | { view: 'list'; list: AdminListPage; word: string }
  | { view: 'new' }
  | { view: 'edit'; product: AdminProduct };

type ShopAdminProps = { page: ShopAdminView; tree: CategoryNode[]; imageBase: string };

type Tab = 'products' | 'categories';

/**
 * The shop's admin: the product list and the category tree (side by side on wide screens,
 * tabs on narrow ones), or the product form (?edit=new, ?edit={pid}).
 */
export function ShopAdmin({ page, tree: loadedTree, imageBase }: ShopAdminProps) {
  const navigate = useNavigate();
  const [source, setSource] = useState(loadedTree);
  const [tree, setTree] = useState(loadedTree);
  const [tab, setTab] = useState<Tab>('products');
  if (source !== loadedTree) {
    setSource(loadedTree);
    setTree(loadedTree);
  }

  if (page.view !== 'list') {
    return (
      <ProductEditor
        key={page.view === 'edit' ? page.product.pid : 'new'}
        product={page.view === 'edit' ? page.product : null}
        tree={tree}
        imageBase={imageBase}
        onSaved={() => navigate('/admin/products')}
      />
    );
  }

  const tabClass = (isOn: boolean) =>
    cn(
      'h-9 flex-1 rounded-full text-sm transition-colors',
      isOn ? 'bg-white font-semibold shadow-sm dark:bg-gray-800' : 'text-gray-500 dark:text-gray-400',
    );
  return (
    <>
      <div role="tablist" className="mb-3 flex gap-1 rounded-full bg-gray-100 p-1 lg:hidden dark:bg-gray-900">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'products'}
          data-testid="admin-tab-products"
          className={tabClass(tab === 'products')}
          onClick={() => setTab('products')}
        >
          {M.tabProducts}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'categories'}
          data-testid="admin-tab-categories"
          className={tabClass(tab === 'categories')}
          onClick={() => setTab('categories')}
        >
          {M.tabCategories}
        </button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className={cn(tab !== 'products' && 'max-lg:hidden')}>
          <ProductList key={page.word} firstPage={page.list} word={page.word} imageBase={imageBase} />
        </div>
        <div className={cn('lg:self-start', tab !== 'categories' && 'max-lg:hidden')}>
          <CategoryManager tree={tree} onTree={setTree} />
        </div>
      </div>
    </>
  );
}
