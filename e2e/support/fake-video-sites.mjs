// Stand-ins for the player's outside services, for the e2e server (serve.mjs starts it and
// points VIDEO_EMBED_* and VIDEO_AD_TAG_URL at it; no internet here):
// - /embed/<id>: a YouTube embed page speaking the IFrame API's postMessage protocol. It
//   waits for the page's {"event":"listening"}, answers onReady, then onStateChange
//   (buffering, playing) on playVideo and paused on pauseVideo. An id starting err<code>
//   (e.g. err150xxxxx) answers onError with that code instead, as YouTube does for
//   videos it will not play there.
// - /player.html?bvid=…: a Bilibili embed page (it only shows the id).
// - /vast: the ad tag, answering "no ad" (an empty VAST), so journeys play at once;
//   /vast/broken: an inline ad whose creative never arrives (the player's safety timer
//   must start the video); /creative/stall.mp4 holds its request open.
import { createServer } from 'node:http';

function embedPage(id) {
  const error = /^err(\d{1,3})/.exec(id)?.[1];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fake video site</title>
<style>html,body{margin:0;height:100%;background:#111;color:#eee;font:14px sans-serif;display:flex;align-items:center;justify-content:center}</style>
</head><body><p id="status">fake embed ${id}</p>
<script>
  const ERROR = ${error ? Number(error) : 'null'};
  let parentOrigin = null;
  const send = (event, info) => parent.postMessage(JSON.stringify({ event, info, channel: 'widget' }), parentOrigin || '*');
  const status = (text) => { document.getElementById('status').textContent = text; };
  addEventListener('message', (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (data.event === 'listening') {
      if (parentOrigin) return;
      parentOrigin = event.origin;
      if (ERROR !== null) { send('onError', ERROR); status('error ' + ERROR); return; }
      send('onReady', {});
      send('onStateChange', 5);
    } else if (data.event === 'command' && ERROR === null) {
      if (data.func === 'playVideo') {
        send('onStateChange', 3);
        setTimeout(() => { send('onStateChange', 1); status('playing'); }, 50);
      } else if (data.func === 'pauseVideo') {
        send('onStateChange', 2);
        status('paused');
      }
    }
  });
</script></body></html>`;
}

const EMPTY_VAST = '<?xml version="1.0" encoding="UTF-8"?><VAST version="4.0"></VAST>';

function brokenVast(base) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0"><Ad id="broken"><InLine><AdSystem>fake</AdSystem><AdTitle>broken</AdTitle>
<Impression><![CDATA[${base}/pixel?e=impression]]></Impression>
<Creatives><Creative><Linear skipoffset="00:00:05"><Duration>00:00:15</Duration>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[${base}/creative/stall.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;
}

/** Starts the fake on a free port of 127.0.0.1; resolves with its origin and a close function. */
export async function startFakeVideoSites() {
  const stalled = new Set();
  let base = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method === 'OPTIONS') {
      // The journeys' browsers send an X-Forwarded-For of their own with every request.
      res.writeHead(204, { ...cors, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET' });
      res.end();
      return;
    }
    if (url.pathname.startsWith('/embed/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(embedPage(decodeURIComponent(url.pathname.slice('/embed/'.length))));
    } else if (url.pathname === '/player.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><body style="background:#111;color:#eee">bilibili ${url.searchParams.get('bvid')}</body>`,
      );
    } else if (url.pathname === '/vast') {
      res.writeHead(200, { 'content-type': 'application/xml', ...cors });
      res.end(EMPTY_VAST);
    } else if (url.pathname === '/vast/broken') {
      res.writeHead(200, { 'content-type': 'application/xml', ...cors });
      res.end(brokenVast(base));
    } else if (url.pathname === '/creative/stall.mp4') {
      // Never answered: the ad cannot start.
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
    } else if (url.pathname === '/pixel') {
      res.writeHead(204, cors);
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  base = `http://127.0.0.1:${port}`;
  return {
    origin: base,
    close: () =>
      new Promise((resolve) => {
        for (const res of stalled) res.destroy();
        server.close(() => resolve());
      }),
  };
}
