/**
 * Pure rules of the single-digit code boxes (SPEC.md §5): each box holds one digit, a
 * paste keeps only its digits, cut to the number of boxes (4 for the SMS code, 3 for
 * the local challenge).
 */

/** The digits of pasted text, at most `length` of them. */
export function cutPaste(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * Types `input` into box `index`: a single digit fills it; several (an autofill or a
 * paste into one box) fill from there on. Non-digits change nothing. Answers the new
 * digits and the box to focus next.
 */
export function fillDigits(
  digits: readonly string[],
  index: number,
  input: string,
): { digits: string[]; focus: number } {
  const clean = input.replace(/\D/g, '');
  const next = [...digits];
  if (!clean) return { digits: next, focus: index };
  let at = index;
  for (const ch of clean) {
    if (at >= next.length) break;
    next[at] = ch;
    at++;
  }
  return { digits: next, focus: Math.min(at, next.length - 1) };
}

/** A paste anywhere in the boxes fills them from the first one. */
export function pasteDigits(length: number, text: string): { digits: string[]; focus: number } {
  const cut = cutPaste(text, length);
  const digits = Array.from({ length }, (_, i) => cut[i] ?? '');
  return { digits, focus: Math.min(cut.length, length - 1) };
}

/**
 * Backspace in box `index`: clears it when it holds a digit, otherwise clears the box
 * before it and moves there.
 */
export function backspaceDigits(digits: readonly string[], index: number): { digits: string[]; focus: number } {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const prev = Math.max(0, index - 1);
  next[prev] = '';
  return { digits: next, focus: prev };
}

export function isComplete(digits: readonly string[]): boolean {
  return digits.every((d) => /^\d$/.test(d));
}
