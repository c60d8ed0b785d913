// Shop rules the server and the browser both apply (docs/decisions/0012-shop-rules.md).

/** The tags a product description keeps; every other tag leaves at most its text. */
export const DESCRIPTION_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'h4', 'img'] as const;

/** Where an image of a description may come from: the web, or this site's stored files. */
export const DESCRIPTION_IMAGE_SRC = /^(?:https?:\/\/[^\s"'<>]+|\/files\/(?!.*\.\.)[A-Za-z0-9._/-]+)$/;

/**
 * The discount of SPEC.md §3: round(price / market_price × 100), 100 without a market
 * price. Any unit, as long as both are the same (fen on the server, yuan in the browser).
 */
export function discountPercent(price: number, marketPrice: number | null): number {
  if (marketPrice === null || !Number.isFinite(marketPrice) || marketPrice <= 0) return 100;
  return Math.round((price / marketPrice) * 100);
}
