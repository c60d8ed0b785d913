// Hostile variants of a valid input: wrong types, boundary numbers, huge strings, control
// characters, deep nesting, SQL and HTML fragments, unicode edge cases, missing fields and
// unknown fields carrying the run's marker (the test then looks for the marker in every table).
import fc from 'fast-check';

/** 1 MB and a bit: past the body limit, so the server must refuse it cleanly. */
export const HUGE_BODY_CHARS = 1_100_000;

/** Numbers at the edges of int4, doubles and parsing, sent as the strings a client sends. */
const BOUNDARY_NUMBERS = [
  '0',
  '-1',
  '-0',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e309',
  '5e-324',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '１２３',
  ' 42 ',
  '42abc',
  '',
];

/** Fragments that would change a statement built by concatenation (kept free of the leak words the checks look for). */
const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  ';drop table posts',
  '" OR ""="',
  "1' UNION ALL SELECT NULL,NULL--",
  '%',
  '_',
  '\\',
  "$1'",
  "E'\\x00'",
  '1) OR (1=1',
  '*/ /*',
];

const HTML_FRAGMENTS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '{{7*7}}',
  `\${7*7}`,
  '</script><script>alert(1)</script>',
  '&lt;&#x3C;',
];

const UNICODE_EDGES = [
  '\uD800',
  '\uDFFF',
  'a\uD83Dz',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Z̴̡̛̙͉͎͔̤͓̲̪̈́̌̓̍͘a̷l̶g̸o',
  '１２３４５',
  '\uFEFF',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '𠮷野家',
];

const CONTROL_CHARACTERS = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 1, maxLength: 8 })
  .map((codes) => `a${String.fromCharCode(...codes)}\u0000b\u007F`);

/** An object nested `depth` levels deep, built without recursion. */
export function deeplyNested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 1 };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** One hostile value for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.constantFrom(...SQL_FRAGMENTS),
  fc.constantFrom(...HTML_FRAGMENTS),
  fc.constantFrom(...UNICODE_EDGES),
  CONTROL_CHARACTERS,
  fc.constantFrom(1e308, -1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 0.5, true, false, null),
  fc.constantFrom([], {}, [1, 2, 3], ['a'], { $gt: '' }, JSON.parse('{"__proto__":{"polluted":1}}'), [[[[1]]]]),
  fc.integer({ min: 2, max: 3000 }).map(deeplyNested),
  fc.integer({ min: 2_000, max: 70_000 }).map((n) => '长'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Names no endpoint declares, including columns a careless handler might copy (mass assignment). */
const UNKNOWN_NAMES = [
  'role',
  'is_admin',
  'isAdmin',
  'user_id',
  'userId',
  'vip_until',
  'vipUntil',
  'paid_at',
  'points',
  'balance',
  'deleted_at',
  'created_at',
  'like_count',
  'owner_id',
  '__proto__x',
  'constructor_',
  'fz_extra',
];

/** Unknown fields whose values carry `marker`, named so that none is a declared field of `known`. */
export function unknownFields(marker: string, known: ReadonlySet<string>): fc.Arbitrary<Record<string, unknown>> {
  const names = fc.oneof(fc.constantFrom(...UNKNOWN_NAMES), fc.stringMatching(/^fz_[a-z]{1,8}$/));
  const values = fc.oneof(
    fc.constant(marker),
    fc.constant({ note: marker }),
    fc.constant([marker]),
    fc.string({ maxLength: 8 }).map((s) => `${s}${marker}`),
  );
  return fc
    .dictionary(
      names.filter((n) => !known.has(n)),
      values,
      { minKeys: 1, maxKeys: 4 },
    )
    .map((fields) => ({ ...fields }));
}

export type Variant =
  | { kind: 'valid' }
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'huge' }
  | { kind: 'not-object'; value: unknown }
  | { kind: 'nested-unknown' };

/** Which way to spoil an input with fields `fields` (or none: the valid input as it is). */
export function variantOf(fields: readonly string[]): fc.Arbitrary<Variant> {
  const some = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('id');
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant({ kind: 'valid' } as const) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('field' as const), field: some, value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('missing' as const), field: some }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'huge' } as const) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('not-object' as const),
        value: fc.constantFrom<unknown>([], [1], 'text', 42, null, true),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'nested-unknown' } as const) },
  );
}

/**
 * `input` spoiled as `variant` says; `marker` goes into nested unknown fields, only of the
 * fields in `closed` (objects of declared keys: an open record may keep any key).
 */
export function applyVariant(
  input: Record<string, unknown>,
  variant: Variant,
  marker: string,
  closed: ReadonlySet<string>,
): unknown {
  switch (variant.kind) {
    case 'valid':
      return input;
    case 'field':
      return { ...input, [variant.field]: variant.value };
    case 'missing': {
      const { [variant.field]: _dropped, ...rest } = input;
      return rest;
    }
    case 'huge':
      return { ...input, fz_huge: 'x'.repeat(HUGE_BODY_CHARS) };
    case 'not-object':
      return variant.value;
    case 'nested-unknown': {
      // An unknown key inside each object or array of objects the input holds (imgpack items, specs).
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(input)) {
        if (!closed.has(key)) {
          out[key] = value;
        } else if (Array.isArray(value)) {
          out[key] = value.map((item) =>
            typeof item === 'object' && item !== null ? { ...item, fz_nested: marker } : item,
          );
        } else if (typeof value === 'object' && value !== null) {
          out[key] = { ...value, fz_nested: marker };
        } else {
          out[key] = value;
        }
      }
      return out;
    }
  }
}
