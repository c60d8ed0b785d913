import { useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useRootData } from '~/lib/root-data.ts';
import { cn } from '~/ui/cn.ts';
import { TRANSLATE_MESSAGES } from './translate-messages.ts';
import { translateTargetOf } from './translate-target.ts';
import type { TranslationPanelProps } from './translation-panel.tsx';

// 翻译 under a post's text and on each comment: this much is in the page's first load;
// the call and the translation's box load when it is first pressed.

/** The translation under the text, whose code loads when 翻译 is first pressed. */
const LazyTranslationPanel = lazyComponent<TranslationPanelProps>(() =>
  import('./translation-panel.tsx').then((module) => module.TranslationPanel),
);

export type TranslateToggle = {
  text: string;
  target: 'zh' | 'en';
  isOpen: boolean;
  toggle: () => void;
  close: () => void;
};

/**
 * The 翻译 action of a text, or null where it is absent: logged out, no translator on this
 * server (the root data's features.translate), or nothing to translate.
 */
export function useTranslateToggle(text: string): TranslateToggle | null {
  const root = useRootData();
  const [isOpen, setOpen] = useState(false);
  if (!root?.viewer || !root.publicConfig.features.translate || text.trim() === '') return null;
  return {
    text,
    target: translateTargetOf(text),
    isOpen,
    toggle: () => setOpen((open) => !open),
    close: () => setOpen(false),
  };
}

/** The small 翻译 (or 译为英文) button. */
export function TranslateButton({ toggle, className }: { toggle: TranslateToggle; className?: string }) {
  return (
    <button
      type="button"
      aria-expanded={toggle.isOpen}
      onClick={toggle.toggle}
      data-testid="translate"
      className={cn(
        'min-h-8 rounded-full px-2 text-xs font-medium text-gray-500 hover:bg-gray-100 hover:text-gray-800',
        'focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100',
        className,
      )}
    >
      {toggle.target === 'en' ? TRANSLATE_MESSAGES.translateToEnglish : TRANSLATE_MESSAGES.translate}
    </button>
  );
}

/** The translation while the action is open. */
export function TranslationPanel({ toggle, className }: { toggle: TranslateToggle | null; className?: string }) {
  if (!toggle?.isOpen) return null;
  return (
    <LazyTranslationPanel text={toggle.text} target={toggle.target} onClose={toggle.close} className={className} />
  );
}
