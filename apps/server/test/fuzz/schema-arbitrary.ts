// Valid inputs of an endpoint, generated from its zod schema through the JSON Schema zod 4
// itself writes (`z.toJSONSchema(…, { io: 'input' })`): a dozen keywords cover every
// contract schema, so a small walker here is sturdier than walking zod's internals, and no
// published zod-to-fast-check library supports zod 4 yet (zod-fast-check is for zod 3).
import fc from 'fast-check';
import { z } from 'zod';

/** The JSON Schema keywords the contract's schemas use (checked by the fuzz test). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** The input schema of a zod schema as JSON Schema (transforms and refinements become "anything"). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Ids in a fresh test database are small: most generated ids land on rows the run made. */
const smallId = fc.integer({ min: 1, max: 40 });

/** Text a member might type: ASCII, Chinese, emoji, the empty string. */
const everydayText = (maxLength: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: Math.min(maxLength, 24) }) },
    { weight: 2, arbitrary: fc.constantFrom('电车真香', '自驾游', 'Model Y 续航', '充电桩', '北京', 'hello') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 12) }) },
  );

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 64);
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
    } catch {
      // A pattern fast-check cannot read: plain strings (the server's answer is still checked).
    }
  }
  if (s.format === 'uri' || s.format === 'url')
    return fc.webUrl({ withQueryParameters: true }).filter((v) => v.length <= max);
  const generated = everydayText(max).filter((v) => v.length >= min && v.length <= max);
  const atBounds = fc.constantFrom(...new Set([min, max].filter((n) => n <= 4096))).map((n) => 'x'.repeat(n));
  return fc.oneof({ weight: 6, arbitrary: generated }, { weight: 1, arbitrary: atBounds });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : undefined);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : undefined);
  const min = lo ?? (integer ? Number.MIN_SAFE_INTEGER : -1e9);
  const max = hi ?? (integer ? Number.MAX_SAFE_INTEGER : 1e9);
  if (integer) {
    const bounds = fc.constantFrom(min, max);
    const near = smallId.filter((n) => n >= min && n <= max);
    const anywhere = fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    return fc.oneof(
      { weight: 4, arbitrary: near },
      { weight: 2, arbitrary: anywhere },
      { weight: 1, arbitrary: bounds },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function objectArbitrary(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) model[key] = arbitraryOf(child);
  const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values `schema` accepts (best effort: a value it refuses is still a fair fuzz input). */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(arbitraryOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.string(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      return fc.oneof(fc.string({ maxLength: 12 }), smallId, fc.boolean());
  }
}
