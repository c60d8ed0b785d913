import { FolderX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { SHOP_MESSAGES } from './messages.ts';

// Apart from the product's 404 page: a module whose exports serve different pages would
// have its imports split between their chunks (vite-plugins/first-load-chunks.ts), which
// can make two chunks import each other.

/** The 404 page of a category address that names no category. */
export function CategoryNotFound() {
  return (
    <ResourceNotFound
      icon={FolderX}
      title={SHOP_MESSAGES.categoryNotFound}
      hint={SHOP_MESSAGES.categoryNotFoundHint}
      testId="category-not-found"
    />
  );
}
