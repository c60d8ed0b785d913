// The search module's public face: its descriptor and the text engine other modules index with.
// (recordSearch: what the demo seed records its members' searches with, as the API does.)
export { highlight } from './highlight.ts';
export { recordSearch } from './history.service.ts';
export { postSearchQuery } from './post-search.service.ts';
export { searchModule } from './search.module.ts';
export { type IndexedField, searchTsquerySql, toTsquerySql, toTsvectorSql, type Weight } from './search-sql.ts';
export {
  indexTerms,
  MAX_INDEX_TERMS,
  MAX_INDEX_TEXT_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_QUERY_TERMS,
  type QueryTerm,
  queryTerms,
} from './segment.ts';
