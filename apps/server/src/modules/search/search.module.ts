import { defineModule } from '../../platform/module.ts';

// Chinese full-text search. For now only its text engine (segment.ts, search-sql.ts,
// highlight.ts); its tables and endpoints come with issue 14's next steps.
export const searchModule = defineModule({ name: 'search' });
