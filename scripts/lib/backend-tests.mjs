// The server's test files that reach a database or Redis, for CI's second pass on
// PostgreSQL + Redis (.ci/run). A test file whose imports never reach the database, Redis
// or a built app (a provider adapter against its fake, a text rule, the AI artwork) runs the
// same whatever DATABASE_URL and REDIS_URL say: running it twice only costs time.
//
// A file counts as a backend test when it reads DATABASE_URL or REDIS_URL itself, or when
// its relative imports, followed through every file they reach, arrive at one of BACKEND.
// Erring on the side of inclusion is harmless: a file is left out only when nothing it
// imports could open a connection.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = path.join(ROOT, 'apps/server');

/** The files through which a test reaches a backend. */
const BACKEND = new Set(
  [
    'src/platform/db.ts',
    'src/platform/redis.ts',
    'src/app.ts',
    'test/build-test-app.ts',
    'test/scratch-backends.ts',
    'test/process-pair.ts',
    'test/server-process.ts',
  ].map((file) => path.join(SERVER, file)),
);

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
    if (existsSync(target)) found.push(target);
  }
  return { text, found };
}

const verdicts = new Map();

/** Whether `file` reaches a backend (memoised; a cycle counts as not reaching through itself). */
function reachesBackend(file) {
  if (BACKEND.has(file)) return true;
  const known = verdicts.get(file);
  if (known !== undefined) return known;
  verdicts.set(file, false);
  const { text, found } = relativeImports(file);
  const verdict = /\b(DATABASE_URL|REDIS_URL)\b/.test(text) || found.some(reachesBackend);
  verdicts.set(file, verdict);
  return verdict;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The server's backend test files, relative to the repository root, sorted. */
export function backendTestFiles() {
  return [...testFiles(path.join(SERVER, 'src')), ...testFiles(path.join(SERVER, 'test'))]
    .filter(reachesBackend)
    .map((file) => path.relative(ROOT, file))
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${backendTestFiles().join('\n')}\n`);
}
