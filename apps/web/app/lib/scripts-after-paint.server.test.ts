import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from './scripts-after-paint.server.ts';

const NONCE = 'n0nce+/=';
const PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="image" href="/files/a.webp" fetchPriority="high"/>',
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/framework-B.js" nonce="${NONCE}"/>`,
  '<title>车友圈</title></head><body><main><img src="/files/a.webp" fetchpriority="high"/>',
  '<p>特斯拉 Model Y 的超充站</p></main>',
  `<script nonce="${NONCE}">window.__reactRouterContext = {"a":1};</script>`,
  `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`,
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`,
].join('');

async function rewrite(chunks: readonly Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(scriptsAfterPaint());
  for await (const chunk of stream) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString('utf8');
}

/** The page cut into pieces of `size` bytes (cutting Chinese characters and tags in two). */
function cut(size: number): Buffer[] {
  const bytes = Buffer.from(PAGE);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

describe('scriptsAfterPaint', () => {
  it('leaves the modulepreload links out, makes the app module inert and adds its loader after it', async () => {
    const html = await rewrite([Buffer.from(PAGE)]);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<script type="text/x-app-module">;\nimport * as route0 from "/assets/root-C.js";');
    const loader = html.slice(html.indexOf('import("/assets/entry.client-A.js");</script>') + 45);
    expect(loader.startsWith(`<script nonce="${NONCE}">(function(){`)).toBe(true);
    expect(loader).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    // Everything else is as React wrote it, in order.
    expect(html).toContain('<title>车友圈</title></head><body><main><img src="/files/a.webp" fetchpriority="high"/>');
    expect(html).toContain('<p>特斯拉 Model Y 的超充站</p>');
    expect(html.endsWith('streamController.close();</script></body></html>')).toBe(true);
  });

  it('gives the same page however the stream is cut', async () => {
    const whole = await rewrite([Buffer.from(PAGE)]);
    for (const size of [1, 2, 3, 7, 16, 61, 200]) expect(await rewrite(cut(size))).toBe(whole);
  });

  it('leaves a page without first-screen images as React wrote it, however cut', async () => {
    const settings = PAGE.replace(
      '<link rel="preload" as="image" href="/files/a.webp" fetchPriority="high"/>',
      '',
    ).replace(' fetchpriority="high"', '');
    for (const size of [1, 5, 64, 100_000]) {
      const bytes = Buffer.from(settings);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await rewrite(chunks)).toBe(settings);
    }
    const plain = '<html><head><title>t</title></head><body><p>没有脚本</p></body></html>';
    expect(await rewrite([Buffer.from(plain)])).toBe(plain);
  });

  it('the loader runs the module as written, with the page nonce, after the first paint', async () => {
    const html = await rewrite([Buffer.from(PAGE)]);
    const start = html.indexOf(`<script nonce="${NONCE}">(function(){`) + `<script nonce="${NONCE}">`.length;
    const loader = html.slice(start, html.indexOf('</script>', start));
    expect(loader).toContain("s.type='module'");
    expect(loader).toContain('s.nonce=nonce');
    expect(loader).toContain('s.textContent=app.textContent');
    expect(loader).toContain('requestAnimationFrame(function(){setTimeout(');
    // Syntactically valid JavaScript.
    expect(() => new Function(loader)).not.toThrow();
  });
});
