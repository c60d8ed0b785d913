import { useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { BackButton } from '~/ui/back-button.tsx';
import { Breadcrumb, CategoryRail, CategoryStrip, SubCategoryChips } from './category-nav.tsx';
import { categoryHref } from './category-path.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { ProductGrid, useCategoryProducts } from './product-grid.tsx';
import type { ShopPageData } from './shop-page.ts';
import { SortBar } from './sort-bar.tsx';

/**
 * /shop and /shop/category/{…}. Desktop: the category rail left, the list right (with
 * breadcrumb and sub-category chips in a category). Phones: on /shop the category strip;
 * in a category (category-layout, no tab bar) a top bar with back and the category's name.
 */
export function ShopPageView({ page }: { page: ShopPageData }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const { tree, path, sort, products, imageBase } = page;
  const category = path[path.length - 1];
  const title = category?.cname ?? SHOP_MESSAGES.shop;
  const fetchPage = useCategoryProducts(category?.cid ?? null, sort);

  const list = products ? (
    <ProductGrid firstPage={products} fetchPage={fetchPage} imageBase={imageBase} modalPreload={page.modal} />
  ) : (
    <p role="alert" data-testid="product-list-failed" className="py-24 text-center text-sm text-gray-500">
      {SHOP_MESSAGES.listFailed}
    </p>
  );

  if (isMobile) {
    // Back within the site when we came from it, otherwise up one category.
    const leave = () => {
      if (location.key !== 'default') navigate(-1);
      else navigate(categoryHref(path.slice(0, -1)), { replace: true });
    };
    return (
      <div data-testid="shop-page" data-cid={category?.cid ?? ''}>
        {category ? (
          <div className="sticky top-0 z-20 flex h-12 items-center gap-2 border-b border-gray-100 bg-white/95 px-2 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
            <BackButton label={SHOP_MESSAGES.back} onClick={leave} data-testid="category-back" />
            <h1 className="min-w-0 flex-1 truncate pr-9 text-center text-base font-semibold">{title}</h1>
          </div>
        ) : (
          <h1 className="sr-only">{title}</h1>
        )}
        <div className="flex flex-col gap-3 px-3 pt-3">
          {category ? <Breadcrumb path={path} /> : <CategoryStrip tree={tree} />}
          {category ? <SubCategoryChips path={path} /> : null}
          <SortBar sort={sort} />
          {list}
        </div>
      </div>
    );
  }

  return (
    <div
      data-testid="shop-page"
      data-cid={category?.cid ?? ''}
      className="mx-auto grid max-w-screen-2xl grid-cols-[200px_minmax(0,1fr)] gap-6 px-6 pt-6 lg:gap-8"
    >
      <aside>
        <CategoryRail tree={tree} path={path} />
      </aside>
      <div className="flex min-w-0 flex-col gap-4">
        {category ? <Breadcrumb path={path} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold">{title}</h1>
          <SortBar sort={sort} />
        </div>
        {category ? <SubCategoryChips path={path} /> : null}
        {list}
      </div>
    </div>
  );
}
