import * as domains from './domains.ts';
import { type Endpoint, isEndpoint } from './endpoint.ts';

/** Every endpoint the API serves (every domain's declarations); the server registers exactly these. */
export const endpoints: readonly Endpoint[] = (Object.values(domains) as unknown[]).filter(isEndpoint);
