// The compiled server `npm start` runs: apps/server/src/main.ts and everything it imports
// from this repository (the contract too) bundled by esbuild into one ES module, with the
// packages from node_modules left as imports. Loading that one file instead of having tsx
// resolve and transform some 170 TypeScript files (its loader hooks also slow every
// package import after them) takes about a second off each start.
//
// The build records a hash of every file it was made from; when any of them differs (or
// is gone), the next start compiles again first (0.2 s), so it never runs stale code.
// Tests, the e2e server and `npm run start -w @evcircle/server` still run the sources
// through tsx. Plain Node (no tsx), like the other start helpers.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { formatDuration, ROOT, TSX_CLI } from './proc.mjs';

/**
 * What to compile. `configFiles` (relative to `root`) are read by esbuild or by this
 * script rather than loaded as modules (tsconfig, package.json exports); a change to any
 * of them rebuilds too.
 * @typedef {{ root: string, entry: string, outfile: string, configFiles: string[] }} ServerBuildTarget
 */

/** @type {ServerBuildTarget} */
export const SERVER_BUILD = {
  root: ROOT,
  entry: join(ROOT, 'apps', 'server', 'src', 'main.ts'),
  outfile: join(ROOT, 'apps', 'server', 'dist', 'main.mjs'),
  configFiles: [
    'tsconfig.base.json',
    'apps/server/tsconfig.json',
    'apps/server/package.json',
    'packages/contract/tsconfig.json',
    'packages/contract/package.json',
    'scripts/lib/server-build.mjs',
  ],
};

/** esbuild as tsx ships it: installed wherever tsx is, which `npm start` requires anyway. */
const requireFromTsx = createRequire(TSX_CLI);

/** The build's record of its inputs, beside it: `{ files: { [relativePath]: sha256 } }`. */
function manifestPath(outfile) {
  return `${outfile}.inputs.json`;
}

function sha256(contents) {
  return createHash('sha256').update(contents).digest('hex');
}

/** Paths in the manifest and in messages: relative to the root, with `/`. */
function toKey(root, file) {
  return relative(root, file).split(sep).join('/');
}

/** esbuild's own package.json: a new esbuild may compile differently. */
function esbuildPackageFile() {
  return requireFromTsx.resolve('esbuild/package.json');
}

/** Why the compiled server must be (re)built, or null when it matches its sources. */
export function serverBuildStaleReason(target = SERVER_BUILD) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath(target.outfile), 'utf8'));
  } catch {
    return 'no build yet / 尚未编译';
  }
  if (!existsSync(target.outfile)) return 'no build yet / 尚未编译';
  const files = manifest?.files ?? {};
  const expected = [...target.configFiles, toKey(target.root, esbuildPackageFile())];
  for (const key of expected) if (!(key in files)) return `${key} is new to the build / 构建配置已更新`;
  for (const [key, hash] of Object.entries(files)) {
    let contents;
    try {
      contents = readFileSync(join(target.root, key));
    } catch {
      // '' records a config file that did not exist at build time.
      if (hash === '') continue;
      return `${key} is gone / 源文件已删除`;
    }
    if (sha256(contents) !== hash) return `${key} changed since the last build / 源码已更新`;
  }
  return null;
}

/**
 * Where a file of the bundle stood, as an expression the bundle evaluates: its
 * `import.meta` is the bundle's, while the sources find files beside themselves
 * (migrations, fonts, the web plugin) and packages from there.
 */
function rewriteImportMeta(contents, file, outfile) {
  const fromBundle = relative(dirname(outfile), file).split(sep).map(encodeURIComponent).join('/');
  const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
  const rewritten = contents
    .replaceAll('import.meta.url', `${url}.href`)
    .replaceAll('import.meta.filename', `__evcircleFileURLToPath(${url})`)
    .replaceAll('import.meta.dirname', `__evcircleDirname(__evcircleFileURLToPath(${url}))`);
  if (/\bimport\.meta\b(?!\.url\b|\.filename\b|\.dirname\b)/.test(contents)) {
    throw new Error(`${file}: the compiled server supports import.meta.url, .filename and .dirname only`);
  }
  return rewritten;
}

/**
 * Compiles the target and records what it was made from. Resolves with null, or with the
 * error when esbuild (or writing) failed; the previous build is then left untouched.
 */
export async function buildServer(target = SERVER_BUILD) {
  const esbuild = requireFromTsx('esbuild');
  /** @type {Record<string, string>} */
  const files = {};
  for (const key of target.configFiles) {
    const file = join(target.root, key);
    files[key] = existsSync(file) ? sha256(readFileSync(file)) : '';
  }
  files[toKey(target.root, esbuildPackageFile())] = sha256(readFileSync(esbuildPackageFile()));

  const sources = {
    name: 'evcircle-sources',
    setup(build) {
      // Packages stay imports (Node loads them as before), except this repository's
      // workspaces: the contract is TypeScript too.
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@evcircle/') ? undefined : { path: args.path, external: true },
      );
      // Every file compiled is hashed as read, so the record is of exactly what was built.
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        const raw = readFileSync(args.path);
        files[toKey(target.root, args.path)] = sha256(raw);
        const loader = /\.[cm]?tsx?$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'js';
        return { contents: rewriteImportMeta(raw.toString('utf8'), args.path, target.outfile), loader };
      });
    },
  };

  let result;
  try {
    result = await esbuild.build({
      entryPoints: [target.entry],
      outfile: target.outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Function and class names as in the sources (logs, Fastify plugin names).
      keepNames: true,
      // Stack traces point at the .ts lines (scripts/lib/stack-traces.mjs reads the map).
      sourcemap: 'linked',
      sourcesContent: false,
      banner: {
        js: "import { fileURLToPath as __evcircleFileURLToPath } from 'node:url'; import { dirname as __evcircleDirname } from 'node:path';",
      },
      plugins: [sources],
      write: false,
      logLevel: 'error',
    });
  } catch (error) {
    return error;
  }
  // Each file replaced whole (rename), so a server starting meanwhile never reads half of one;
  // the record last, so it never vouches for a build that is not there.
  const writeWhole = (path, contents) => {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, path);
  };
  try {
    for (const output of result.outputFiles) writeWhole(output.path, output.contents);
    writeWhole(manifestPath(target.outfile), `${JSON.stringify({ files }, null, 1)}\n`);
  } catch (error) {
    return error;
  }
  return null;
}

/**
 * Compiles the server when its sources changed. Resolves with the compiled entry to run,
 * or null when compiling failed: the caller then runs the sources through tsx, as before.
 */
export async function ensureServerBuild(target = SERVER_BUILD) {
  const reason = serverBuildStaleReason(target);
  if (!reason) {
    console.log('✔ server build is up to date / 服务端编译已是最新');
    return target.outfile;
  }
  console.log(`▶ compiling the server / 正在编译服务端 (${reason}) …`);
  const started = Date.now();
  const error = await buildServer(target);
  if (error) {
    console.error(`✖ compiling the server failed / 服务端编译失败: ${error.message}`);
    console.error('  running it from source instead (slower start) / 改为直接运行源码（启动较慢）');
    return null;
  }
  console.log(`✔ server compiled in ${formatDuration(Date.now() - started)} / 服务端编译完成`);
  return target.outfile;
}
