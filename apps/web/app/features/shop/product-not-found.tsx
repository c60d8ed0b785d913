import { PackageX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { SHOP_MESSAGES } from './messages.ts';

/** The 404 page of a product: unknown, or taken off sale. */
export function ProductNotFound() {
  return (
    <ResourceNotFound
      icon={PackageX}
      title={SHOP_MESSAGES.notFoundTitle}
      hint={SHOP_MESSAGES.notFoundHint}
      testId="product-not-found"
    />
  );
}
