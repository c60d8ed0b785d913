// The page is painted before the app's JavaScript is fetched. React Router's <Scripts>
// asks for every module of the page at once (modulepreload links in <head>, then a module
// script at the end of <body>), so on a phone over HTTP/1.1 the ~120 KB of JavaScript
// competed with the stylesheet and the first covers for six connections and a slow
// link, and the largest image waited. This stream rewrite keeps the HTML as React wrote
// it but for two things:
// On a page whose first screen shows images React preloads with fetchPriority high (the
// feeds, a post, a profile):
// - the modulepreload links are left out of <head>;
// - the module script becomes inert (`type="text/x-app-module"`), followed by a small
//   script (LOADER) that, once the page has painted and the first screen's images
//   (`fetchpriority="high"`) have arrived (at most LOAD_WAIT_MS after it started), adds
//   the same modulepreload links and runs the module script as React Router wrote it.
// Readers get the picture first and the app right after, from bytes that no longer
// compete; crawlers and readers without JavaScript get the same HTML as before.
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The longest the app waits for the first screen's images before it loads anyway. */
export const LOAD_WAIT_MS = 3_000;
/** Marks the loader's script: the browser tests wait for the app on a page that has it. */
export const LOADER_ATTRIBUTE = 'data-app-loader';

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** React preloads the first screen's images (fetchPriority high) ahead of the scripts. */
const FIRST_SCREEN_IMAGE = /fetchpriority="high"/i;
const APP_MODULE_OPEN = /<script nonce="([^"]*)" type="module" async="">/;
const SCRIPT_CLOSE = '</script>';
const INERT_TYPE = 'text/x-app-module';

/**
 * The loader, run right after the inert module script (its previous sibling). It waits for
 * the first paint (the browser's own `paint` entry; two frames where that is not reported),
 * then for the first screen's images, then loads the app; it loads it LOAD_WAIT_MS after it
 * started whatever happened (a tab opened in the background does not paint).
 * `__PRELOADS__` is the list of modulepreload addresses.
 */
export const LOADER = `(function(){
var me=document.currentScript,app=me.previousElementSibling,nonce=me.nonce,preloads=__PRELOADS__;
function load(){
if(!app)return;
preloads.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});
var s=document.createElement('script');s.type='module';s.async=true;s.nonce=nonce;s.textContent=app.textContent;
app.replaceWith(s);app=null}
function afterImages(){
var waiting=[].filter.call(document.images,function(i){return i.getAttribute('fetchpriority')==='high'&&!i.complete});
var left=waiting.length;if(!left)return load();
function one(){if(--left===0)load()}
waiting.forEach(function(i){i.addEventListener('load',one,{once:true});i.addEventListener('error',one,{once:true})})}
function afterPaint(next){
var P=window.PerformanceObserver;
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')!==-1){
var o=new P(function(list){if(list.getEntries().length){o.disconnect();setTimeout(next,0)}});
o.observe({type:'paint',buffered:true})}
else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(next,0)})})}
afterPaint(afterImages);
setTimeout(load,${LOAD_WAIT_MS});
})();`;

function loaderScript(nonce: string, preloads: readonly string[]): string {
  // `</` cannot appear in a JSON list of asset addresses, but escape it all the same.
  const list = JSON.stringify(preloads).replaceAll('</', '<\\/');
  return `<script nonce="${nonce}" ${LOADER_ATTRIBUTE}>${LOADER.replace('__PRELOADS__', () => list)}</script>`;
}

/** Where a tag may have been cut by a chunk boundary: from the last `<` with no `>` after it. */
function unfinishedTagStart(text: string): number {
  const open = text.lastIndexOf('<');
  return open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
}

/** The rewrite, as a stream between React's renderer and the response. */
export function scriptsAfterPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  const preloads: string[] = [];
  let state: 'before-module' | 'in-module' | 'after' = 'before-module';
  let deferring = false;
  let nonce = '';
  let pending = '';

  const rewrite = (text: string, final: boolean): string => {
    let input = pending + text;
    pending = '';
    let output = '';
    while (input.length > 0) {
      if (state === 'after') {
        output += input;
        break;
      }
      if (state === 'before-module' && !deferring) {
        // Pages without a first-screen image (settings, a text page) are left as they are:
        // nothing would be gained, and their forms come alive sooner.
        const firstPreload = input.search(MODULEPRELOAD);
        const decided = firstPreload !== -1 || APP_MODULE_OPEN.test(input) || final;
        const before = firstPreload === -1 ? input : input.slice(0, firstPreload);
        if (FIRST_SCREEN_IMAGE.test(before)) deferring = true;
        else if (decided) state = 'after';
        else {
          const upTo = unfinishedTagStart(input);
          output += input.slice(0, upTo);
          pending = input.slice(upTo);
          break;
        }
        continue;
      }
      if (state === 'before-module') {
        const module = APP_MODULE_OPEN.exec(input);
        const upTo = module ? module.index : final ? input.length : unfinishedTagStart(input);
        output += input.slice(0, upTo).replace(MODULEPRELOAD, (_tag, href: string) => {
          preloads.push(href);
          return '';
        });
        if (!module) {
          pending = input.slice(upTo);
          break;
        }
        nonce = module[1] ?? '';
        output += `<script type="${INERT_TYPE}">`;
        input = input.slice(module.index + module[0].length);
        state = 'in-module';
        continue;
      }
      const close = input.indexOf(SCRIPT_CLOSE);
      if (close === -1) {
        // Keep what could be the start of `</script>` for the next chunk.
        const keep = final ? 0 : Math.min(input.length, SCRIPT_CLOSE.length - 1);
        output += input.slice(0, input.length - keep);
        pending = input.slice(input.length - keep);
        break;
      }
      const end = close + SCRIPT_CLOSE.length;
      output += input.slice(0, end) + loaderScript(nonce, preloads);
      input = input.slice(end);
      state = 'after';
    }
    return output;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out = rewrite(decoder.write(chunk), false);
      callback(null, out.length > 0 ? out : undefined);
    },
    flush(callback) {
      const out = rewrite(decoder.end(), true);
      callback(null, out.length > 0 ? out : undefined);
    },
  });
}
