import { ApiError, type Product, type ProductCard, productInfo, STATUS } from '@evcircle/contract/client';
import { FileX, LoaderCircle, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { BackButton } from '~/ui/back-button.tsx';
import { Button } from '~/ui/button.tsx';
import { ListModal } from '~/ui/list-modal.tsx';
import { SHOP_MESSAGES } from './messages.ts';
import { type ProductModalPreload, type ProductModalTarget, readProductModal } from './modal-params.ts';
import { ProductView } from './product-view.tsx';

type Loaded = Product | 'missing' | 'error';

export type ProductModalHostProps = {
  target: ProductModalTarget;
  /** The list behind the modal, as loaded so far (previous / next walk through it). */
  products: readonly Pick<ProductCard, 'pid'>[];
  /** What the server loaded for the address's modal (a reload with the modal keys). */
  preload: ProductModalPreload | null;
  imageBase: string;
  go: (target: ProductModalTarget) => void;
  close: () => void;
  /** The list is near its end: time to fetch its next page. */
  onNearEnd: () => void;
};

/**
 * The product modal of SPEC.md §2 over a list (/shop, /shop/category/…, product search):
 * which product the address names, its place in the list for previous / next, and its
 * detail, fetched once per product while the list lives.
 */
export function ProductModalHost({
  target,
  products,
  preload,
  imageBase,
  go,
  close,
  onNearEnd,
}: ProductModalHostProps) {
  const api = useApi();
  const isMobile = useIsMobile();
  const headingId = useId();
  const [details, setDetails] = useState<Record<number, Loaded>>(() =>
    preload ? { [preload.productId]: preload.product ?? 'missing' } : {},
  );
  const pid = target.productId;
  const loaded = details[pid];
  // The address's index is a hint: the list may have moved (a new sort, a reload).
  const position = products[target.index]?.pid === pid ? target.index : products.findIndex((p) => p.pid === pid);

  const fetchDetail = useCallback(
    (id: number) => {
      api.call(productInfo, { pid: id }).then(
        (product) => setDetails((all) => ({ ...all, [id]: product })),
        (error: unknown) => {
          const isGone =
            error instanceof ApiError &&
            (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED);
          setDetails((all) => ({ ...all, [id]: isGone ? 'missing' : 'error' }));
        },
      );
    },
    [api],
  );

  useEffect(() => {
    if (loaded === undefined) fetchDetail(pid);
  }, [pid, loaded, fetchDetail]);

  const listRef = useRef(products);
  listRef.current = products;
  /** Previous / next from where the address is now (keys pressed quickly must not skip). */
  const step = (offset: number) => {
    const list = listRef.current;
    const now = readProductModal(new URLSearchParams(window.location.search)) ?? target;
    const at = list[now.index]?.pid === now.productId ? now.index : list.findIndex((p) => p.pid === now.productId);
    const next = at + offset;
    const product = list[next];
    if (at < 0 || !product) return;
    go({ productId: product.pid, index: next });
    if (next >= list.length - 3) onNearEnd();
  };

  const closeButton = isMobile ? (
    <BackButton label={SHOP_MESSAGES.close} onClick={close} data-testid="product-modal-close" />
  ) : undefined;

  return (
    <ListModal
      testId="product-modal"
      labelledBy={typeof loaded === 'object' ? headingId : undefined}
      label={typeof loaded === 'object' ? undefined : SHOP_MESSAGES.modalLabel}
      labels={{ close: SHOP_MESSAGES.close, previous: SHOP_MESSAGES.previous, next: SHOP_MESSAGES.next }}
      hasPrevious={position > 0}
      hasNext={position >= 0 && position < products.length - 1}
      onPrevious={() => step(-1)}
      onNext={() => step(1)}
      onClose={close}
    >
      {typeof loaded === 'object' ? (
        <div className={isMobile ? undefined : 'h-full overflow-y-auto overscroll-contain'}>
          <ProductView
            key={loaded.pid}
            product={loaded}
            imageBase={imageBase}
            layout={isMobile ? 'stacked' : 'split'}
            headingLevel="h2"
            headingId={headingId}
            leading={closeButton}
          />
        </div>
      ) : (
        <div
          data-testid={`product-modal-${loaded ?? 'loading'}`}
          className="relative flex h-full min-h-[50dvh] flex-col items-center justify-center gap-4 p-8 text-center"
        >
          {closeButton ? <div className="absolute top-2 left-2">{closeButton}</div> : null}
          {loaded === undefined ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-gray-400" />
              <p className="text-sm text-gray-500 dark:text-gray-400">{SHOP_MESSAGES.loading}</p>
            </>
          ) : null}
          {loaded === 'missing' ? (
            <>
              <FileX aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-600" />
              <p className="text-base font-medium">{SHOP_MESSAGES.notFoundTitle}</p>
              <p className="text-sm text-gray-500 dark:text-gray-400">{SHOP_MESSAGES.notFoundHint}</p>
            </>
          ) : null}
          {loaded === 'error' ? (
            <>
              <p className="text-base font-medium">{SHOP_MESSAGES.loadFailed}</p>
              <Button
                variant="outline"
                onClick={() =>
                  setDetails((all) => {
                    const { [pid]: _failed, ...rest } = all;
                    return rest;
                  })
                }
              >
                <RotateCw aria-hidden="true" className="size-4" />
                {SHOP_MESSAGES.retry}
              </Button>
            </>
          ) : null}
        </div>
      )}
    </ListModal>
  );
}
