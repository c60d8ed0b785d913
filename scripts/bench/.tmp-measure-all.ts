import path from 'node:path';
import { measureFirstLoad } from './first-load.ts';

const dir = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'build');
const build = (await import(path.join(dir, 'server', 'index.js'))) as { assets: { routes: Record<string, unknown> } };
const ids = Object.keys(build.assets.routes).filter((id) => id !== 'root');
const pages = await measureFirstLoad(
  dir,
  ids.map((id) => [id, id] as const),
);
const detail = process.argv[2];
for (const p of pages.sort((a, b) => b.br - a.br)) {
  console.log(`${(p.br / 1024).toFixed(1).padStart(6)} KB  ${p.chunks.length} files  ${p.page}`);
  if (detail && p.page.includes(detail))
    for (const c of p.chunks) console.log(`        ${(c.br / 1024).toFixed(2).padStart(6)}  ${c.file}`);
}
