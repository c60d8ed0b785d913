import { resolveMediaUrl } from '@evcircle/contract/client';
import { useState } from 'react';
import { useRootData } from '~/lib/root-data.ts';
import { cn } from '~/ui/cn.ts';
import { LogoMark } from '~/ui/logo.tsx';
import { isOwnSite, tileColour, tileLetter } from './bookmark-view-rules.ts';

type BookmarkIconProps = {
  url: string;
  /** The icon's copy on this site ('' when the page had none). */
  favicon: string;
  className?: string;
};

/**
 * A link's icon: the copy of its favicon this server keeps; our logo for a page of this
 * site; otherwise (or when the picture fails) a coloured tile with the host's first letter.
 */
export function BookmarkIcon({ url, favicon, className }: BookmarkIconProps) {
  const config = useRootData()?.publicConfig;
  const [hasFailed, setHasFailed] = useState(false);
  const box = cn('size-9 shrink-0 rounded-lg', className);
  if (favicon && !hasFailed) {
    return (
      <img
        src={resolveMediaUrl(favicon, config?.imageBase ?? '/files')}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        data-testid="bookmark-icon-img"
        onError={() => setHasFailed(true)}
        className={cn(box, 'bg-white object-contain p-1 ring-1 ring-gray-200 dark:ring-gray-700')}
      />
    );
  }
  if (config && isOwnSite(url, config.publicUrl)) {
    return <LogoMark className={box} />;
  }
  return (
    <span
      aria-hidden="true"
      data-testid="bookmark-icon-letter"
      className={cn(box, 'flex items-center justify-center text-base font-semibold text-white', tileColour(url))}
    >
      {tileLetter(url)}
    </span>
  );
}
