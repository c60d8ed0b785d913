// The page the service worker answers a navigation with when there is no network: the
// reader's last feed (titles, covers, authors) from the offline cache, in Chinese, light or
// dark as the site was. Self-contained HTML with no script: it must work with nothing else loaded.
import type { LastFeed } from '../app/features/pwa/offline-store.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Only paths of this site (covers come from /files or the image host the page used). */
const safeSrc = (src: string) => (/^(\/(?!\/)|https:\/\/)/.test(src) ? src : '');

const STYLE = `
:root{color-scheme:light dark;--bg:#f9fafb;--card:#fff;--text:#111827;--muted:#6b7280;--ring:rgba(17,24,39,.06);--primary:#16a34a}
html.dark{--bg:#030712;--card:#111827;--text:#f9fafb;--muted:#9ca3af;--ring:rgba(255,255,255,.1);--primary:#4ade80}
@media (prefers-color-scheme:dark){html:not(.light){--bg:#030712;--card:#111827;--text:#f9fafb;--muted:#9ca3af;--ring:rgba(255,255,255,.1);--primary:#4ade80}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--text);font:15px/1.6 system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:20px;margin:0 0 4px}p{margin:0;color:var(--muted);font-size:14px}
.top{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;margin-bottom:20px}
.retry{display:inline-block;padding:8px 18px;border-radius:999px;background:var(--primary);color:#fff;text-decoration:none;font-weight:600;font-size:14px}
html.dark .retry{color:#052e16}
ul{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
@media (min-width:768px){ul{grid-template-columns:repeat(4,minmax(0,1fr))}}
li{background:var(--card);border-radius:12px;overflow:hidden;box-shadow:0 0 0 1px var(--ring)}
.cover{aspect-ratio:3/4;background:var(--ring);display:block;width:100%;object-fit:cover}
.body{padding:8px 10px 10px}.title{font-size:14px;margin:0 0 4px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.author{font-size:12px;color:var(--muted)}.empty{padding:48px 0;text-align:center}
`;

function postItem(post: LastFeed['posts'][number]): string {
  const src = safeSrc(post.cover);
  const cover = src
    ? `<img class="cover" src="${escapeHtml(src)}" alt="" loading="lazy">`
    : '<div class="cover"></div>';
  return `<li data-testid="offline-post">${cover}<div class="body"><p class="title">${escapeHtml(post.title || '（无标题）')}</p><span class="author">${escapeHtml(post.author)}</span></div></li>`;
}

export function renderOfflinePage(feed: LastFeed | null): string {
  const mode = feed?.colorMode === 'dark' ? 'dark' : feed?.colorMode === 'light' ? 'light' : '';
  const saved = feed ? new Date(feed.savedAt) : null;
  const when = saved
    ? saved.toLocaleString('zh-CN', {
        timeZone: 'Asia/Shanghai',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
  const list =
    feed && feed.posts.length > 0
      ? `<h2 style="font-size:16px;margin:0 0 12px">你上次看到的内容<span class="author">（${escapeHtml(when)} 保存）</span></h2><ul>${feed.posts.map(postItem).join('')}</ul>`
      : '<p class="empty">还没有可离线查看的内容。联网后打开首页，车友圈会为你保存最新的帖子。</p>';
  return `<!doctype html><html lang="zh-CN" class="${mode}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><title>离线中 - 车友圈</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><meta name="theme-color" content="${mode === 'dark' ? '#030712' : '#ffffff'}"><style>${STYLE}</style></head><body><main data-testid="offline-page"><div class="top"><div><h1>网络连接已断开</h1><p>当前处于离线状态，恢复网络后即可继续浏览。</p></div><a class="retry" href="">重新加载</a></div>${list}</main></body></html>`;
}
