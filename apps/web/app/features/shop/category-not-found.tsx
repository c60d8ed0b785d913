import { FolderX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { SHOP_MESSAGES } from './messages.ts';

// Apart from the product's 404 page: one module serving both pages made two page chunks
// import each other (the build refuses that: noChunkCycles, vite-plugins/first-load-chunks.ts).

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
