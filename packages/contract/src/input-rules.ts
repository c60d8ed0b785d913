/**
 * Rules every input obeys before any endpoint's schema reads it (query, JSON body),
 * checked by the server on every API call: PostgreSQL text cannot hold a NUL character,
 * and nothing a client sends may nest deeper than a real form does (deep nesting would
 * overflow the stack of a recursive reader: the sign, JSON.stringify, a schema).
 */

/** Deepest nesting of objects and arrays an input may have; our bodies use 2. */
export const MAX_INPUT_DEPTH = 16;

export type InputProblem = { kind: 'too-deep' | 'nul'; path: string };

/**
 * The first rule `value` breaks, with the field's path (`content`, `imgpack.0.src`), or
 * null. Iterative: it never recurses, however deep the input, and stops as soon as the
 * nesting passes MAX_INPUT_DEPTH.
 */
export function inputProblem(value: unknown): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      if (item.value.includes('\u0000')) return { kind: 'nul', path: item.path };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { kind: 'too-deep', path: item.path };
    for (const [key, child] of Object.entries(item.value)) {
      if (key.includes('\u0000')) return { kind: 'nul', path: item.path };
      stack.push({ value: child, path: item.path === '' ? key : `${item.path}.${key}`, depth: item.depth + 1 });
    }
  }
  return null;
}
