import { formatMessage, type ProductSearchHit } from '@evcircle/contract/client';
import { useCallback } from 'react';
import { ProductCardSkeleton, ProductGrid, type ProductModalPreload } from '~/features/shop/index.ts';
import { useApi } from '~/lib/api.ts';
import { Highlighted } from './highlighted.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import { SearchEmpty } from './search-empty.tsx';
import { fetchResults } from './search-page.ts';

/** The product tab: the shop's grid of the products found, titles highlighted, each opening the product modal. */
export function ProductResults({
  word,
  firstPage,
  imageBase,
  modal,
}: {
  word: string;
  firstPage: ProductSearchHit[];
  imageBase: string;
  modal: ProductModalPreload | null;
}) {
  const api = useApi();
  const fetchPage = useCallback((page: number) => fetchResults.product(api, word, page), [api, word]);
  return (
    <ProductGrid
      firstPage={firstPage}
      fetchPage={fetchPage}
      imageBase={imageBase}
      modalPreload={modal}
      label={formatMessage(SEARCH_MESSAGES.productResults, { word })}
      renderTitle={(product) => <Highlighted html={product.highlight} text={product.title} />}
      empty={<SearchEmpty word={word} type="product" />}
    />
  );
}

/** The product tab's shape while its first page loads. */
export function ProductResultsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-2.5 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 2xl:grid-cols-5">
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
