import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LOAD_WAIT_MS, scriptsAfterPaint } from './scripts-after-paint.server.ts';

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
    expect(loader.startsWith(`<script nonce="${NONCE}" data-app-loader>(function(){`)).toBe(true);
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

  it('keeps the page nonce on the loader', async () => {
    const html = await rewrite([Buffer.from(PAGE)]);
    expect(html).toContain(`<script nonce="${NONCE}" data-app-loader>(function(){`);
  });
});

/** A page the loader runs in: just what it touches, with time in the test's hands. */
function loaderPage(options: { paintEntries: boolean; images: { complete: boolean }[] }) {
  const timers: { at: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  let now = 0;
  const head: { rel: string; href: string }[] = [];
  const ran: { type: string; nonce: string; textContent: string }[] = [];
  let paintObserver: ((list: { getEntries(): unknown[] }) => void) | undefined;
  const images = options.images.map((image) => {
    const listeners: Record<string, (() => void)[]> = {};
    return {
      ...image,
      getAttribute: (name: string) => (name === 'fetchpriority' ? 'high' : null),
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = [...(listeners[type] ?? []), listener];
      },
      fire(type: 'load' | 'error') {
        this.complete = true;
        for (const listener of listeners[type] ?? []) listener();
      },
    };
  });
  const app = {
    textContent: 'import("/assets/entry.client-A.js");',
    replaceWith: (script: { type: string; nonce: string; textContent: string }) => ran.push(script),
  };
  class FakeObserver {
    static supportedEntryTypes = options.paintEntries ? ['paint', 'resource'] : ['resource'];
    constructor(callback: (list: { getEntries(): unknown[] }) => void) {
      paintObserver = callback;
    }
    observe() {}
    disconnect() {
      paintObserver = undefined;
    }
  }
  const context = {
    window: { PerformanceObserver: FakeObserver },
    document: {
      currentScript: { nonce: NONCE, previousElementSibling: app },
      images,
      head: { appendChild: (link: { rel: string; href: string }) => head.push(link) },
      createElement: () => ({}),
    },
    requestAnimationFrame: (frame: () => void) => frames.push(frame),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  return {
    run: async () => {
      const html = await rewrite([Buffer.from(PAGE)]);
      const start =
        html.indexOf(`<script nonce="${NONCE}" data-app-loader>(function(){`) +
        `<script nonce="${NONCE}" data-app-loader>`.length;
      runInNewContext(html.slice(start, html.indexOf('</script>', start)), context);
    },
    images,
    head,
    ran,
    paint: () => paintObserver?.({ getEntries: () => [{ name: 'first-paint' }] }),
    frame: () => {
      for (const frame of frames.splice(0)) frame();
    },
    /** Moves time on by `ms`, running the timers that fall due. */
    advance(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
  };
}

describe('the loader', () => {
  it('runs the app module as written, with the page nonce and its preloads, once the page has painted and its covers arrived', async () => {
    const page = loaderPage({ paintEntries: true, images: [{ complete: false }, { complete: true }] });
    await page.run();
    page.advance(100);
    expect(page.ran).toEqual([]);
    page.paint();
    page.advance(0);
    expect(page.ran, 'the first-screen cover has not arrived').toEqual([]);
    page.images[0]?.fire('load');
    expect(page.ran).toEqual([
      { type: 'module', async: true, nonce: NONCE, textContent: 'import("/assets/entry.client-A.js");' },
    ]);
    expect(page.head.map((link) => [link.rel, link.href])).toEqual([
      ['modulepreload', '/assets/entry.client-A.js'],
      ['modulepreload', '/assets/framework-B.js'],
    ]);
    page.advance(LOAD_WAIT_MS);
    expect(page.ran, 'the app runs once').toHaveLength(1);
  });

  it('does not wait for a cover that fails', async () => {
    const page = loaderPage({ paintEntries: true, images: [{ complete: false }] });
    await page.run();
    page.paint();
    page.advance(0);
    page.images[0]?.fire('error');
    expect(page.ran).toHaveLength(1);
  });

  it('waits two frames where the browser reports no paint entries', async () => {
    const page = loaderPage({ paintEntries: false, images: [] });
    await page.run();
    page.frame();
    page.advance(0);
    expect(page.ran).toEqual([]);
    page.frame();
    page.advance(0);
    expect(page.ran).toHaveLength(1);
  });

  it(`loads the app ${LOAD_WAIT_MS} ms after it started, painted or not`, async () => {
    const page = loaderPage({ paintEntries: true, images: [{ complete: false }] });
    await page.run();
    page.advance(LOAD_WAIT_MS - 1);
    expect(page.ran).toEqual([]);
    page.advance(1);
    expect(page.ran).toHaveLength(1);
  });
});
