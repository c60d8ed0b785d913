import { useEffect, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import type { IconData } from './icon-loader.ts';

type State = { name: string; icon: IconData | null } | null;

/**
 * An icon picked by name at run time (`mdi:car-battery`, e.g. a category's icon an admin
 * set), drawn in the current text colour at the size `className` gives (`size-4`). Its
 * loader comes after hydration in a chunk of its own; until the icon is there the box is
 * empty, and when it cannot be had (a warning is logged) a neutral box stands in, so
 * nothing moves and nothing looks broken. Built-in UI icons are bundled (lucide-react).
 */
export function NamedIcon({ name, className }: { name: string; className?: string }) {
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    let isCurrent = true;
    import('./icon-loader.ts')
      .then((loader) => loader.loadIcon(name))
      .catch((error: unknown) => {
        console.warn(`[icons] ${name}: ${String(error)}`);
        return null;
      })
      .then((icon) => {
        if (isCurrent) setState({ name, icon });
      });
    return () => {
      isCurrent = false;
    };
  }, [name]);

  const shown = state?.name === name ? state : null;
  if (shown?.icon) {
    const { body, left, top, width, height } = shown.icon;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${left} ${top} ${width} ${height}`}
        aria-hidden="true"
        data-icon={name}
        data-icon-state="loaded"
        className={cn('inline-block shrink-0', className)}
        // NOTE: the markup comes from this site's icon endpoint, which serves only the icon
        // sets installed from npm (never anything a user or admin typed).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: icon set markup from our own endpoint
        dangerouslySetInnerHTML={{ __html: body }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-icon={name}
      data-icon-state={shown ? 'missing' : 'loading'}
      className={cn('inline-block shrink-0', shown && 'rounded-sm bg-gray-200 dark:bg-gray-700', className)}
    />
  );
}
