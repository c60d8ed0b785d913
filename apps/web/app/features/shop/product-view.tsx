import type { Product } from '@evcircle/contract/client';
import { Share2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SaveBookmarkButton } from '~/features/bookmarks/index.ts';
import { ShareSheets } from '~/features/chat/index.ts';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { ImageCarousel } from '~/ui/image-carousel.tsx';
import { categoryHref } from './category-path.ts';
import { SHOP_MESSAGES } from './messages.ts';
import { soldLabel } from './price.ts';
import { ProductPurchase } from './product-purchase.tsx';

/** The share sheet's words for a product (the sheet, with 分享到私信, loads when a product is first shared). */
const SHARE_WORDS = {
  heading: SHOP_MESSAGES.shareTitle,
  linkLabel: SHOP_MESSAGES.shareLink,
  qrAlt: SHOP_MESSAGES.shareQrAlt,
};

/** 收藏 beside 分享, drawn as the icon buttons are (ui/icon-button.tsx). */
const SAVE_BUTTON =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 disabled:opacity-60 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white';

export type ProductViewProps = {
  product: Product;
  imageBase: string;
  /** Gallery left and details right (desktop), or one column (phones). */
  layout: 'split' | 'stacked';
  headingLevel: 'h1' | 'h2';
  headingId?: string;
  /** The back (page) or close (modal) button of the phone's top bar. */
  leading?: ReactNode;
  className?: string;
};

/**
 * One product, as the product page and the product modal show it: gallery (swipe and
 * pinch on phones, thumbnails on desktop), title, category, price block, specs, quantity,
 * 加入购物车 / 小程序购买, share, and the description (HTML the server already sanitized).
 */
export function ProductView({
  product,
  imageBase,
  layout,
  headingLevel,
  headingId,
  leading,
  className,
}: ProductViewProps) {
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [hasShared, setHasShared] = useState(false);
  const isSplit = layout === 'split';
  const Heading = headingLevel;
  const images = useMemo(
    () => (product.images.length > 0 ? product.images : [product.cover]).map((src) => ({ src, width: 0, height: 0 })),
    [product.images, product.cover],
  );

  const share = () => {
    setHasShared(true);
    setShareUrl(`${window.location.origin}/product/${product.pid}`);
  };
  const shareButton = (
    <>
      <SaveBookmarkButton
        path={`/product/${product.pid}`}
        title={product.title}
        hasLabel={false}
        className={SAVE_BUTTON}
        data-testid="product-bookmark"
      />
      <IconButton label={SHOP_MESSAGES.share} onClick={share} data-testid="product-share">
        <Share2 aria-hidden="true" className="size-5" />
      </IconButton>
    </>
  );

  const gallery = (
    <ImageCarousel
      images={images}
      imageBase={imageBase}
      fit="natural"
      alt={product.title}
      label={SHOP_MESSAGES.gallery}
      sizes={isSplit ? '(min-width: 1280px) 560px, 45vw' : '100vw'}
      hasThumbnails={isSplit}
      data-testid="product-gallery"
    />
  );

  const heading = (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <Heading id={headingId} className="text-lg leading-7 font-semibold md:text-xl" data-testid="product-title">
          {product.title}
        </Heading>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-gray-500 dark:text-gray-400">
          {product.category.length > 0 ? (
            <Link
              to={categoryHref(product.category)}
              className="hover:text-gray-900 dark:hover:text-white"
              data-testid="product-category"
            >
              {product.category.map((node) => node.cname).join(' › ')}
            </Link>
          ) : null}
          <span>{soldLabel(product.sales)}</span>
        </p>
      </div>
      {isSplit ? shareButton : null}
    </div>
  );

  const description = (
    <section aria-labelledby={`product-description-${product.pid}`} className="flex flex-col gap-3">
      <h2
        id={`product-description-${product.pid}`}
        className="border-l-4 border-primary-500 pl-2 text-base font-semibold"
      >
        {SHOP_MESSAGES.description}
      </h2>
      {product.description ? (
        <div
          data-testid="product-description"
          className="product-description text-sm leading-7 text-gray-700 dark:text-gray-300 [&_h3]:mt-4 [&_h3]:text-base [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_strong]:font-semibold [&_ul]:list-disc"
          // The server sanitized this HTML (a fixed set of tags, no attributes but img src/alt).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server, see above
          dangerouslySetInnerHTML={{ __html: product.description }}
        />
      ) : (
        <p className="text-sm text-gray-400 dark:text-gray-500">{SHOP_MESSAGES.noDescription}</p>
      )}
    </section>
  );

  const sheet = hasShared ? (
    <ShareSheets
      target={{ kind: 'product', pid: product.pid }}
      url={shareUrl}
      title={product.title}
      words={SHARE_WORDS}
      onClose={() => setShareUrl(null)}
    />
  ) : null;

  if (isSplit) {
    return (
      <article
        data-testid="product-view"
        data-pid={product.pid}
        data-layout="split"
        className={cn('bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100', className)}
      >
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-8 p-6 lg:gap-10 lg:p-8">
          <div className="min-w-0">{gallery}</div>
          <div className="flex min-w-0 flex-col gap-6">
            {heading}
            <ProductPurchase key={product.pid} product={product} isStacked={false} />
          </div>
        </div>
        <div className="border-t border-gray-100 p-6 lg:px-8 dark:border-gray-800">{description}</div>
        {sheet}
      </article>
    );
  }

  return (
    <article
      data-testid="product-view"
      data-pid={product.pid}
      data-layout="stacked"
      className={cn('flex min-h-full flex-col bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100', className)}
    >
      <div className="sticky top-0 z-10 flex h-12 items-center gap-2 border-b border-gray-100 bg-white/95 px-2 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95">
        {leading}
        <span className="min-w-0 flex-1 truncate text-center text-base font-medium">
          {SHOP_MESSAGES.productHeading}
        </span>
        {shareButton}
      </div>
      {gallery}
      <div className="flex flex-col gap-5 px-4 pt-4">
        {heading}
        <ProductPurchase key={product.pid} product={product} isStacked>
          <div className="pt-2 pb-4">{description}</div>
        </ProductPurchase>
      </div>
      {sheet}
    </article>
  );
}
