// SQL fragments of the search engine: a 'simple' tsvector built from index terms and a
// tsquery ANDing query terms. Both are bound as one parameter each and cast (no text-search
// parser splits or changes them); a term outside [a-z0-9] and Chinese characters is refused, so
// nothing a user types can become tsquery syntax.
import { type SQL, sql } from 'drizzle-orm';
import { indexTerms, type QueryTerm, queryTerms } from './segment.ts';

export type Weight = 'A' | 'B' | 'C' | 'D';
/** One text to index and its weight: A for titles and names, B for body text. */
export type IndexedField = { text: string | null | undefined; weight: Weight };

const SAFE_TERM = /^[a-z0-9\p{Script=Han}]+$/u;
const WEIGHTS: readonly Weight[] = ['A', 'B', 'C', 'D'];
/** PostgreSQL's largest tsvector position. */
const MAX_POSITION = 16_383;

function checked(term: string): string {
  if (!SAFE_TERM.test(term)) throw new Error(`unsafe search term: ${JSON.stringify(term)}`);
  return term;
}

/** `tsvector` of the fields' index terms, each field with its weight (empty texts give an empty vector). */
export function toTsvectorSql(fields: readonly IndexedField[]): SQL {
  const parts = fields.map(({ text, weight }) => {
    if (!WEIGHTS.includes(weight)) throw new Error(`bad weight: ${weight}`);
    // Each term gets a position, as weights attach to positions (and ranking reads them).
    const literal = indexTerms(text)
      .map((term, i) => `'${checked(term)}':${Math.min(i + 1, MAX_POSITION)}`)
      .join(' ');
    return sql`setweight(${literal}::tsvector, ${sql.raw(`'${weight}'`)})`;
  });
  if (parts.length === 0) return sql`''::tsvector`;
  return sql`(${sql.join(parts, sql` || `)})`;
}

/** `tsquery` requiring every term; no terms gives NULL, which matches nothing. */
export function toTsquerySql(terms: readonly QueryTerm[]): SQL {
  if (terms.length === 0) return sql`null::tsquery`;
  const text = terms.map((t) => `'${checked(t.text)}'${t.prefix ? ':*' : ''}`).join(' & ');
  return sql`${text}::tsquery`;
}

/** The tsquery of what a person typed. */
export function searchTsquerySql(query: string | null | undefined): SQL {
  return toTsquerySql(queryTerms(query));
}
