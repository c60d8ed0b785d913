// `npm run gen:client-endpoints`: rewrites the browser's endpoint tables
// (packages/contract/src/client-endpoints.generated.ts and client-endpoints/<domain>.ts)
// after an endpoint is added, renamed or moved (a contract test says when they are stale).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLIENT_ENDPOINTS_DIR,
  loadDomains,
  renderClientEndpoints,
} from '../packages/contract/src/client-endpoints.render.ts';

const src = path.join(import.meta.dirname, '..', 'packages', 'contract', 'src');
const files = renderClientEndpoints(await loadDomains());
const dir = path.join(src, CLIENT_ENDPOINTS_DIR);
await mkdir(dir, { recursive: true });
// A domain that no longer has endpoints leaves no file behind.
for (const name of await readdir(dir)) {
  if (!files.has(`${CLIENT_ENDPOINTS_DIR}/${name}`)) await rm(path.join(dir, name));
}
for (const [file, text] of files) await writeFile(path.join(src, file), text);
console.log(`✓ wrote ${files.size} files under ${path.relative(process.cwd(), src)}`);
