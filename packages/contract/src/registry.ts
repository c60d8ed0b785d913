import * as auth from './auth.ts';
import * as comments from './comments.ts';
import * as content from './content.ts';
import * as drafts from './drafts.ts';
import type { Endpoint } from './endpoint.ts';
import * as posts from './posts.ts';
import * as safety from './safety.ts';
import * as scanLogin from './scan-login.ts';
import * as uploads from './uploads.ts';
import * as users from './users.ts';

function pickEndpoints(mod: Record<string, unknown>): Endpoint[] {
  return Object.values(mod).filter(
    (v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'data' in v,
  );
}

/** Every endpoint the API serves; the server registers exactly these. */
export const endpoints: readonly Endpoint[] = [
  ...pickEndpoints(content),
  ...pickEndpoints(posts),
  ...pickEndpoints(drafts),
  ...pickEndpoints(auth),
  ...pickEndpoints(comments),
  ...pickEndpoints(safety),
  ...pickEndpoints(scanLogin),
  ...pickEndpoints(users),
  ...pickEndpoints(uploads),
];
