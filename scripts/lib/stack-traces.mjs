// Stack traces of the compiled server (scripts/lib/server-build.mjs) name the TypeScript
// file and line, as when the sources run through tsx. Node's own source-map support
// (--enable-source-maps, process.setSourceMapsEnabled) would do it too, but it reads and
// parses the source map of every package loaded after it that ships one (PGlite,
// drizzle, …): about 0.15 s of each start. This reads the server's one map, and only when
// a stack trace is first formatted.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Makes stack frames in `compiledFile` point at the sources its linked source map names. */
export function mapStackTraces(compiledFile) {
  // NOTE: Node's source maps, when someone turned them on, already do this (and better).
  if (process.sourceMapsEnabled) return;
  const compiledUrl = pathToFileURL(compiledFile).href;
  const mapUrl = new URL(`${compiledUrl.split('/').pop()}.map`, compiledUrl);
  const location = new RegExp(`${escapeRegExp(compiledUrl)}:(\\d+):(\\d+)`);
  /** @type {SourceMap | null | undefined} */
  let sourceMap;

  function original(line, column) {
    if (sourceMap === undefined) {
      try {
        sourceMap = new SourceMap(JSON.parse(readFileSync(mapUrl, 'utf8')));
      } catch {
        sourceMap = null;
      }
    }
    const entry = sourceMap?.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return null;
    const file = fileURLToPath(new URL(entry.originalSource, mapUrl));
    return `${file}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  }

  Error.prepareStackTrace = (error, frames) => {
    let header;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    const lines = frames.map((frame) => {
      const text = String(frame);
      return `    at ${text.replace(location, (found, line, column) => original(Number(line), Number(column)) ?? found)}`;
    });
    return [header, ...lines].join('\n');
  };
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
