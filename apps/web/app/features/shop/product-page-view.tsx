import type { Product } from '@evcircle/contract/client';
import { useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { BackButton } from '~/ui/back-button.tsx';
import { categoryHref } from './category-path.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { ProductView } from './product-view.tsx';

/** /product/{id} (layout detail): a card on desktop, one column with a top bar on phones. */
export function ProductPageView({ product, imageBase }: { product: Product; imageBase: string }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  // Back within the site when we came from it, otherwise to the product's category.
  const leave = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(categoryHref(product.category), { replace: true });
  };
  if (isMobile) {
    return (
      <ProductView
        key={product.pid}
        product={product}
        imageBase={imageBase}
        layout="stacked"
        headingLevel="h1"
        leading={<BackButton label={SHOP_MESSAGES.back} onClick={leave} data-testid="product-back" />}
      />
    );
  }
  return (
    <div className="mx-auto max-w-[1200px] px-6 py-6">
      <ProductView
        key={product.pid}
        product={product}
        imageBase={imageBase}
        layout="split"
        headingLevel="h1"
        className="overflow-hidden rounded-2xl shadow-sm ring-1 ring-gray-900/5 dark:ring-white/10"
      />
    </div>
  );
}
