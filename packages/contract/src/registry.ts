import * as domains from './domains.ts';
import type { Endpoint } from './endpoint.ts';

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'data' in value;
}

/** Every endpoint the API serves (every domain's declarations); the server registers exactly these. */
export const endpoints: readonly Endpoint[] = (Object.values(domains) as unknown[]).filter(isEndpoint);
