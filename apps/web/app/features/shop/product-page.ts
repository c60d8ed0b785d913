import {
  ApiError,
  formatMessage,
  type Product,
  productInfo,
  STATUS,
  type WebLoadContext,
} from '@evcircle/contract/client';
import { data } from 'react-router';
import { absoluteUrl } from '~/lib/absolute-url.ts';
import { serverApi } from '~/lib/api.ts';
import { SHOP_MESSAGES } from './messages.ts';

export type ProductPageData = { product: Product; publicUrl: string; imageBase: string };

/** Unknown, unlisted or malformed ids: the 404 page with HTTP 404. */
function notFound(): never {
  throw data(null, { status: 404 });
}

/** The loader of /product/{id}: the product on sale, or a 404. */
export async function loadProductPage(id: string | undefined, context: WebLoadContext): Promise<ProductPageData> {
  if (!id || !/^\d{1,15}$/.test(id) || Number(id) <= 0) notFound();
  try {
    const product = await serverApi(context).call(productInfo, { pid: Number(id) });
    return { product, publicUrl: context.publicConfig.publicUrl, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    if (error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED)) {
      notFound();
    }
    throw error;
  }
}

/** The description's text: tags dropped, entities of the sanitizer's output read, spaces folded, at most 120 characters. */
export function descriptionText(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * Title, description, Open Graph (type product, image, price) and the canonical address
 * /product/{id}, for crawlers and link previews.
 */
export function productMeta(page: ProductPageData | undefined) {
  if (!page) return [{ title: SHOP_MESSAGES.productNotFoundTitle }, { name: 'robots', content: 'noindex' }];
  const { product, publicUrl, imageBase } = page;
  const title = formatMessage(SHOP_MESSAGES.productTitle, { title: product.title });
  const description = descriptionText(product.description) || product.title;
  const url = `${publicUrl.replace(/\/+$/, '')}/product/${product.pid}`;
  const image = absoluteUrl(product.cover, publicUrl, imageBase);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: '车友圈' },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'product:price:amount', content: product.price },
    { property: 'product:price:currency', content: 'CNY' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
