import { formatMessage } from '@evcircle/contract/client';
import { type ClipboardEvent, type KeyboardEvent, type RefObject, useImperativeHandle, useRef } from 'react';
import { cn } from '~/ui/cn.ts';
import { backspaceDigits, fillDigits, pasteDigits } from './digits.ts';

export type CodeBoxesHandle = { focus: (index?: number) => void };

type CodeBoxesProps = {
  /** One string per box ('' when empty); its length is the number of boxes. */
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Label of each box; `{n}` is its position from 1. */
  boxLabel: string;
  /** Names the group for screen readers. */
  groupLabel: string;
  invalid?: boolean;
  /** While a login is checked: the boxes keep focus but take no input. */
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Offer the SMS code to the browser's one-time-code autofill (not for the challenge). */
  oneTimeCode?: boolean;
  ref?: RefObject<CodeBoxesHandle | null>;
  'data-testid'?: string;
};

function focusInput(input: HTMLInputElement | null | undefined) {
  input?.focus();
  input?.select();
}

/**
 * Single-digit boxes (SPEC.md §5): each takes one digit and moves on, a paste is cut to
 * the number of boxes, backspace on an empty box moves back, arrow keys move between
 * boxes. Numeric keyboard on phones; the first box takes the one-time-code autofill.
 */
export function CodeBoxes({
  digits,
  onChange,
  boxLabel,
  groupLabel,
  invalid,
  readOnly,
  autoFocus,
  oneTimeCode,
  ref,
  'data-testid': testId,
}: CodeBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // The digits as of the last keystroke: a fast typist (or autofill) sends the next key
  // before React has re-rendered with the previous one.
  const latest = useRef(digits);
  latest.current = digits;
  const focusBox = (index: number) => focusInput(inputs.current[index]);
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusInput(inputs.current[index]) }), []);

  function apply(result: { digits: string[]; focus: number }) {
    latest.current = result.digits;
    onChange(result.digits);
    // Focus moves at once, so the next key lands in the next box.
    inputs.current[result.focus]?.focus();
    // Selected after React has written the new values, so typing replaces the digit.
    requestAnimationFrame(() => {
      const input = inputs.current[result.focus];
      if (input && document.activeElement === input) input.select();
    });
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (readOnly || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      // A digit replaces the box's digit and moves on (keyboards that report no key go through onChange).
      event.preventDefault();
      apply(fillDigits(latest.current, index, event.key));
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspaceDigits(latest.current, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < digits.length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    if (readOnly) return;
    apply(pasteDigits(latest.current.length, event.clipboardData.getData('text')));
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend layout
    <div role="group" aria-label={groupLabel} className="flex justify-center gap-3" data-testid={testId}>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder
          key={index}
          ref={(el) => {
            inputs.current[index] = el;
          }}
          value={digit}
          onChange={(event) => {
            // Typing over a filled box leaves both digits in it: keep the new one. Longer
            // input (the one-time-code autofill) fills on from this box.
            if (readOnly) return;
            const value = event.target.value;
            const typed =
              digit && value.length === 2 ? (value.startsWith(digit) ? value.slice(1) : value.slice(0, 1)) : value;
            apply(fillDigits(latest.current, index, typed));
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={oneTimeCode && index === 0 ? 'one-time-code' : 'off'}
          // A box takes one digit; autofill of the whole code into the first box is spread by fillDigits.
          maxLength={oneTimeCode && index === 0 ? digits.length : 1}
          // biome-ignore lint/a11y/noAutofocus: the code step exists to type the code; focus belongs here
          autoFocus={autoFocus && index === 0}
          readOnly={readOnly}
          aria-label={formatMessage(boxLabel, { n: index + 1 })}
          aria-invalid={invalid || undefined}
          className={cn(
            'size-14 rounded-xl border bg-gray-50 text-center text-2xl font-semibold text-gray-900 caret-primary-600',
            'outline-none transition-colors focus:border-primary-500 focus:bg-white focus:ring-2 focus:ring-primary-500/30',
            'dark:bg-gray-800 dark:text-white dark:focus:bg-gray-900',
            'read-only:opacity-60',
            invalid ? 'border-red-500 dark:border-red-500' : 'border-gray-200 dark:border-gray-700',
          )}
        />
      ))}
    </div>
  );
}
