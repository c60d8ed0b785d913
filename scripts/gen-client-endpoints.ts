// `npm run gen:client-endpoints`: rewrites packages/contract/src/client-endpoints.generated.ts
// after an endpoint is added, renamed or moved (a contract test says when it is stale).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderClientEndpoints } from '../packages/contract/src/client-endpoints.render.ts';

const file = path.join(import.meta.dirname, '..', 'packages', 'contract', 'src', 'client-endpoints.generated.ts');
await writeFile(file, renderClientEndpoints());
console.log(`✓ wrote ${path.relative(process.cwd(), file)}`);
