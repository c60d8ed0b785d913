import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from '~/features/auth/index.ts';
import { ColorModeToggle } from '~/features/color-mode/index.ts';
import { cn } from '~/ui/cn.ts';
import { Logo } from '~/ui/logo.tsx';
import { CartLink } from './cart-link.tsx';
import { LAYOUT_MESSAGES } from './messages.ts';
import { isNavActive, STRIP_NAV } from './nav-items.ts';
import { SearchEntry } from './search-entry.tsx';

/** Which ends of a horizontal scroller have more to scroll to. */
type Overflow = { start: boolean; end: boolean };

/**
 * Follows where the strip can still scroll, so its edge fades there instead of cutting a
 * glyph in half. Before hydration the end is assumed to overflow (a phone's usual case;
 * a fade over empty space changes nothing).
 */
function useOverflow(ref: RefObject<HTMLElement | null>): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: true });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [ref]);
  return overflow;
}

/** The strip's mask: opaque, with a 2rem fade at each end that has more to scroll to. */
function fadeMask({ start, end }: Overflow): string | undefined {
  if (!start && !end) return undefined;
  const from = start ? 'transparent, #000 2rem' : '#000';
  const to = end ? '#000 calc(100% - 2rem), transparent' : '#000';
  return `linear-gradient(to right, ${from}, ${to})`;
}

/** Logo, the theme feeds as a swipeable strip, the colour-mode switch and the login corner. */
export function MobileTopBar() {
  const navRef = useRef<HTMLElement>(null);
  const mask = fadeMask(useOverflow(navRef));
  const { pathname } = useLocation();
  // The feed you are on is in view in the strip (经验 is off the edge of a phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address marks another link
  useEffect(() => {
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active) return;
    const start = active.offsetLeft - nav.offsetLeft;
    if (start >= nav.scrollLeft && start + active.offsetWidth <= nav.scrollLeft + nav.clientWidth) return;
    nav.scrollLeft = start - (nav.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
      <div className="flex h-12 items-center gap-3 px-3">
        <Logo className="[&_span]:text-base [&_svg]:size-7" />
        <nav
          ref={navRef}
          aria-label={LAYOUT_MESSAGES.mainNav}
          style={{ maskImage: mask, WebkitMaskImage: mask }}
          className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto [scrollbar-width:none]"
        >
          {STRIP_NAV.map((item) => {
            // Also marks 附近 on the radar and team pages (isNavActive's alsoFor), as the desktop header does.
            const isActive = isNavActive(item, pathname);
            return (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'shrink-0 px-2 py-1 text-[15px]',
                  isActive ? 'font-semibold text-gray-900 dark:text-white' : 'text-gray-500 dark:text-gray-400',
                )}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <SearchEntry variant="icon" />
        <CartLink />
        <ColorModeToggle />
        <AccountMenu compact />
      </div>
    </header>
  );
}
