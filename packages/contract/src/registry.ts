import * as content from './content.ts';
import type { Endpoint } from './endpoint.ts';

function pickEndpoints(mod: Record<string, unknown>): Endpoint[] {
  return Object.values(mod).filter(
    (v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'data' in v,
  );
}

/** Every endpoint the API serves; the server registers exactly these. */
export const endpoints: readonly Endpoint[] = [
  ...pickEndpoints(content),
  // Accounts (in progress): each domain joins here once its server routes exist.
];
