// A stand-in for the websites people bookmark, for the e2e server: serve.mjs starts it on a
// free port of 127.0.0.1 and writes its origin to E2E_DATA_DIR/fake-link-site.json, where
// e2e/bookmarks.spec.ts reads it. The server reaches it only because the e2e run sets
// BOOKMARK_FETCH_ALLOW_LOOPBACK (a test-only setting production config refuses).
//   /gbk       a page in GBK (<meta charset="gbk">, no charset in the header, as many older
//              Chinese sites send), og:title 特斯拉充电地图, a PNG icon link
//   /utf8      a plain UTF-8 page with a <title> and no icon (its /favicon.ico is a 404)
//   /icon.png  that icon: a 32×32 PNG
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

/** The GBK page's og:title (what the journey expects to see). */
export const GBK_TITLE = '特斯拉充电地图';
/** The UTF-8 page's <title>. */
export const UTF8_TITLE = '充电桩评测合集';

/** Encodes `text` in GBK: ASCII as is, every other character by the two bytes GBK decodes to it. */
function encodeGbk(text) {
  const decoder = new TextDecoder('gbk');
  const wanted = new Set([...text].filter((char) => char.charCodeAt(0) > 0x7f));
  const table = new Map();
  for (let lead = 0x81; lead <= 0xfe && table.size < wanted.size; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (wanted.has(char) && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  const bytes = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code <= 0x7f) bytes.push(code);
    else {
      const pair = table.get(char);
      if (!pair) throw new Error(`fake-link-site: ${char} has no GBK code`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 32×32 RGB PNG: a red square with a white bar (something to see in the screenshots). */
function iconPng(size = 32) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0]; // filter: none
    for (let x = 0; x < size; x++) {
      const isBar = y >= 13 && y < 19 && x >= 6 && x < 26;
      row.push(...(isBar ? [255, 255, 255] : [220, 38, 38]));
    }
    rows.push(Buffer.from(row));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const GBK_PAGE = encodeGbk(
  '<!doctype html><html lang="zh-CN"><head><meta charset="gbk">' +
    `<title>${GBK_TITLE} - 车主工具箱</title>` +
    `<meta property="og:title" content="${GBK_TITLE}">` +
    '<link rel="icon" type="image/png" href="/icon.png">' +
    `</head><body><h1>${GBK_TITLE}</h1><p>全国超级充电站与目的地充电桩分布。</p></body></html>`,
);
const UTF8_PAGE = Buffer.from(
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${UTF8_TITLE}</title></head>` +
    '<body><p>各品牌家用充电桩的实测对比。</p></body></html>',
  'utf8',
);
const ICON = iconPng();

/** Starts the fake on a free port of 127.0.0.1; resolves with its origin and a close function. */
export async function startFakeLinkSite() {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
    } else if (path === '/gbk') {
      // No charset here: the page's <meta charset> must be read.
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': GBK_PAGE.length }).end(GBK_PAGE);
    } else if (path === '/utf8') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': UTF8_PAGE.length })
        .end(UTF8_PAGE);
    } else if (path === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': ICON.length }).end(ICON);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
