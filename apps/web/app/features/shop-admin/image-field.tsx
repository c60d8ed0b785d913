import { formatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { ChevronLeft, ChevronRight, ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { uploadMedia } from '~/features/uploads/index.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import { MAX_IMAGES, moveItem } from './product-draft.ts';

type ImageFieldProps = {
  images: string[];
  imageBase: string;
  onChange: (images: string[]) => void;
};

const iconButton =
  'flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:opacity-30';

/** The product's images: upload several (the composer's upload path), reorder, remove; the first is the cover. */
export function ImageField({ images, imageBase, onChange }: ImageFieldProps) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // The list as of the last change, so uploads finishing one after another all land.
  const latest = useRef(images);
  latest.current = images;

  async function upload(files: File[]) {
    const room = MAX_IMAGES - latest.current.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      setProgress(0);
      try {
        const stored = await uploadMedia(file, 'image', { onProgress: setProgress });
        const next = [...latest.current, stored.path];
        latest.current = next;
        onChange(next);
      } catch (error) {
        toast.show(error instanceof Error ? error.message : M.failed, { tone: 'error' });
      }
    }
    setProgress(null);
  }

  const isUploading = progress !== null;
  return (
    <div>
      <ul className="flex flex-wrap gap-2" data-testid="product-images">
        {images.map((path, index) => (
          <li
            key={path}
            data-testid="product-image"
            data-path={path}
            className="relative size-24 overflow-hidden rounded-lg border border-gray-200 bg-gray-100 dark:border-gray-700 dark:bg-gray-800"
          >
            <img src={resolveMediaUrl(path, imageBase)} alt="" className="size-full object-cover" />
            {index === 0 ? (
              <span className="absolute top-1 left-1 rounded bg-primary-600 px-1 text-[10px] text-white">
                {M.cover}
              </span>
            ) : null}
            <button
              type="button"
              aria-label={M.removeImage}
              className={`${iconButton} absolute top-1 right-1`}
              onClick={() => onChange(images.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
            <div className="absolute inset-x-1 bottom-1 flex justify-between">
              <button
                type="button"
                aria-label={M.moveLeft}
                data-testid="image-move-left"
                className={iconButton}
                disabled={index === 0}
                onClick={() => onChange(moveItem(images, index, index - 1))}
              >
                <ChevronLeft aria-hidden="true" className="size-3.5" />
              </button>
              <button
                type="button"
                aria-label={M.moveRight}
                className={iconButton}
                disabled={index === images.length - 1}
                onClick={() => onChange(moveItem(images, index, index + 1))}
              >
                <ChevronRight aria-hidden="true" className="size-3.5" />
              </button>
            </div>
          </li>
        ))}
        {images.length < MAX_IMAGES ? (
          <li>
            <Button
              variant="outline"
              className="size-24 flex-col gap-1 rounded-lg border-dashed text-xs"
              disabled={isUploading}
              data-testid="product-image-add"
              onClick={() => input.current?.click()}
            >
              <ImagePlus aria-hidden="true" className="size-5" />
              {isUploading ? formatMessage(M.uploading, { percent: Math.round((progress ?? 0) * 100) }) : M.addImage}
            </Button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label={M.addImage}
        data-testid="product-image-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void upload(files);
        }}
      />
    </div>
  );
}
