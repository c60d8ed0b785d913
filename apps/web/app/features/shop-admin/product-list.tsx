import {
  ApiError,
  adminProductList,
  adminProductOnSale,
  type EndpointData,
  formatMessage,
  resolveMediaUrl,
  SHOP_PAGE_SIZE,
} from '@evcircle/contract/client';
import { PackageSearch, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Image } from '~/ui/image.tsx';
import { ListFooter } from '~/ui/list-footer.tsx';
import { useToast } from '~/ui/toast.tsx';
import { inputClass } from './input-class.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';

export type AdminListPage = EndpointData<typeof adminProductList>;
type AdminListItem = AdminListPage['items'][number];

function SaleBadge({ isOnSale }: { isOnSale: boolean }) {
  return (
    <span
      data-testid="product-row-status"
      className={cn(
        'shrink-0 rounded-full px-2 py-0.5 text-xs',
        isOnSale
          ? 'bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300'
          : 'bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400',
      )}
    >
      {isOnSale ? M.onSale : M.offSale}
    </span>
  );
}

/** Every product, on sale or not, newest first: search, 上架/下架, 编辑, and 新建商品. */
export function ProductList({
  firstPage,
  word,
  imageBase,
}: {
  firstPage: AdminListPage;
  word: string;
  imageBase: string;
}) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const { items, status, loadMore, updateItems } = usePagedList<AdminListItem>({
    firstPage: firstPage.items,
    size: SHOP_PAGE_SIZE,
    fetchPage: async (page) => (await api.call(adminProductList, { page, size: SHOP_PAGE_SIZE, word })).items,
    keyOf: (item) => item.pid,
  });

  async function toggle(item: AdminListItem) {
    const next = !item.on_sale;
    setBusy((now) => new Set(now).add(item.pid));
    try {
      await api.call(adminProductOnSale, { pid: item.pid, on_sale: next });
      updateItems((all) => all.map((it) => (it.pid === item.pid ? { ...it, on_sale: next } : it)));
      toast.show(next ? M.putOnSaleDone : M.takeOffSaleDone, { tone: 'success' });
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : M.failed, { tone: 'error' });
    } finally {
      setBusy((now) => {
        const rest = new Set(now);
        rest.delete(item.pid);
        return rest;
      });
    }
  }

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Form method="get" role="search" className="flex min-w-0 flex-1 items-center gap-2">
          <label className="relative min-w-0 flex-1">
            <Search aria-hidden="true" className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-gray-400" />
            <input
              type="search"
              name="word"
              data-testid="admin-product-search"
              aria-label={M.search}
              placeholder={M.search}
              defaultValue={word}
              maxLength={60}
              className={cn(inputClass, 'pl-8')}
            />
          </label>
          <Button type="submit" variant="outline" size="sm" className="h-9">
            {M.searchButton}
          </Button>
        </Form>
        <Link to="?edit=new" data-testid="admin-product-new" className={buttonClass('solid', 'sm', 'h-9')}>
          <Plus aria-hidden="true" className="size-4" />
          {M.newProduct}
        </Link>
      </div>
      <p className="mb-2 px-1 text-xs text-gray-500 dark:text-gray-400">
        {formatMessage(M.total, { total: firstPage.total })}
      </p>
      {items.length === 0 ? (
        <div
          data-testid="admin-product-empty"
          className="flex flex-col items-center py-16 text-center text-sm text-gray-500"
        >
          <PackageSearch aria-hidden="true" className="mb-3 size-10 text-gray-300 dark:text-gray-600" />
          {word ? formatMessage(M.emptySearch, { word }) : M.emptyList}
        </div>
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900">
          {items.map((item) => (
            <li key={item.pid} data-testid="admin-product-row" data-pid={item.pid} className="flex gap-3 p-3">
              <Image
                src={resolveMediaUrl(item.cover, imageBase)}
                width={64}
                height={64}
                alt=""
                className="size-16 shrink-0 rounded-lg"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-start gap-2">
                  <p className="line-clamp-2 min-w-0 flex-1 text-sm font-medium" data-testid="admin-product-title">
                    {item.title}
                  </p>
                  <SaleBadge isOnSale={item.on_sale} />
                </div>
                <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                  {item.category} · {formatMessage(M.stock, { stock: item.stock })} ·{' '}
                  {formatMessage(M.sales, { sales: item.sales })}
                </p>
                <div className="flex items-center gap-2">
                  <span className="text-sm font-semibold text-red-600 dark:text-red-400">¥{item.price}</span>
                  <span className="ml-auto flex gap-1.5">
                    <Button
                      variant="outline"
                      size="sm"
                      data-testid="admin-product-toggle"
                      disabled={busy.has(item.pid)}
                      onClick={() => void toggle(item)}
                    >
                      {item.on_sale ? M.takeOffSale : M.putOnSale}
                    </Button>
                    <Link
                      to={`?edit=${item.pid}`}
                      data-testid="admin-product-edit"
                      className={buttonClass('ghost', 'sm')}
                    >
                      {M.edit}
                    </Link>
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 ? <ListFooter status={status} onLoadMore={() => void loadMore()} trigger="button" /> : null}
    </div>
  );
}
