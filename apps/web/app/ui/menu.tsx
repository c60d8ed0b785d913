import {
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { Link } from 'react-router';
import { cn } from './cn.ts';

/** What the button that opens a menu spreads on itself (its ARIA state, toggling, ↓ to open). */
export type MenuTriggerProps = {
  ref: RefObject<HTMLButtonElement | null>;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

type MenuProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Draws the button that opens the menu, given the props to spread on it. */
  trigger: (props: MenuTriggerProps) => ReactNode;
  /** The menu's accessible name. */
  label: string;
  /** Placement and width of the panel (it hangs below the trigger's `relative` parent). */
  className?: string;
  'data-testid'?: string;
  /** MenuItem, MenuLink and MenuSeparator; anything else is skipped by the arrow keys. */
  children: ReactNode;
};

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/**
 * A dropdown menu (the WAI-ARIA menu button pattern): the trigger toggles it, ↓ opens
 * it, the first item takes focus; ↑ ↓ Home End move between items, Esc closes it back
 * to the trigger, Tab and a click or tap outside close it. The caller keeps `isOpen`, and
 * wraps trigger and menu in a `relative` element the panel is placed against.
 */
export function Menu({ isOpen, onOpenChange, trigger, label, className, 'data-testid': testId, children }: MenuProps) {
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !triggerRef.current?.contains(target)) onOpenChangeRef.current(false);
    };
    document.addEventListener('pointerdown', onPointer);
    requestAnimationFrame(() => menuItems(menuRef.current)[0]?.focus());
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems(menuRef.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      triggerRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(index + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? all[0] : all[all.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      onOpenChange(false);
    }
  }

  return (
    <>
      {trigger({
        ref: triggerRef,
        'aria-haspopup': 'menu',
        'aria-expanded': isOpen,
        'aria-controls': isOpen ? menuId : undefined,
        onClick: () => onOpenChange(!isOpen),
        onKeyDown: (event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onOpenChange(true);
          }
        },
      })}
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          data-testid={testId}
          className={cn(
            'absolute top-full right-0 z-40 rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg dark:border-gray-800 dark:bg-gray-900',
            className,
          )}
        >
          {children}
        </div>
      ) : null}
    </>
  );
}

function itemClass(isDanger: boolean, className?: string): string {
  return cn(
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-gray-700 outline-none',
    'hover:bg-gray-100 focus-visible:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800',
    isDanger && 'text-red-600 dark:text-red-400',
    className,
  );
}

type MenuItemProps = Omit<ComponentProps<'button'>, 'role' | 'tabIndex'> & {
  /** Red, for destructive actions (删除, 拉黑, 退出登录). */
  isDanger?: boolean;
};

/** One action of a Menu; put its icon (size-4) first among the children. */
export function MenuItem({ isDanger = false, className, type = 'button', ...props }: MenuItemProps) {
  return <button type={type} role="menuitem" tabIndex={-1} className={itemClass(isDanger, className)} {...props} />;
}

/** One page of a Menu, as a link. */
export function MenuLink({ className, ...props }: Omit<ComponentProps<typeof Link>, 'role' | 'tabIndex'>) {
  return <Link role="menuitem" tabIndex={-1} className={itemClass(false, className)} {...props} />;
}

/** A thin line between groups of items. */
export function MenuSeparator() {
  return <div className="my-1 border-t border-gray-100 dark:border-gray-800" />;
}
