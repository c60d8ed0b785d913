import { index, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page of SPEC.md §2 that exists so far, listed explicitly. Each later issue adds
 * its own lines here.
 */
export default [
  index('routes/home.tsx'),
  // /home behaves as / (same module, its own route id).
  route('home', 'routes/home.tsx', { id: 'routes/home-alias' }),
  route('download', 'routes/download.tsx'),
  // The phone side of QR login: the page the QR opens (SPEC.md §3 scan login).
  route('m/scan/:scanCode', 'routes/m-scan.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('test-websocket', 'routes/test-websocket.tsx'),
  route('user/:id', 'routes/user.tsx'),
  route('following', 'routes/following.tsx'),
  route('settings', 'routes/settings.tsx'),
  route('invite/:code', 'routes/invite.tsx'),
  route('admin/reports', 'routes/admin-reports.tsx'),
  // The shop's admin (issue 13) and the viewer's cart.
  route('admin/products', 'routes/admin-products.tsx'),
  route('cart', 'routes/cart.tsx'),
  // Themed feeds; Tesla's is the car-brand page /tesla-tools (one module, the theme from the path).
  route('mod', 'routes/theme-feed.tsx', { id: 'routes/theme-mod' }),
  route('beauty', 'routes/theme-feed.tsx', { id: 'routes/theme-beauty' }),
  route('travel', 'routes/theme-feed.tsx', { id: 'routes/theme-travel' }),
  route('exp', 'routes/theme-feed.tsx', { id: 'routes/theme-exp' }),
  route('tesla-tools', 'routes/theme-feed.tsx', { id: 'routes/theme-tesla' }),
  // The post page (layout post) and its phone rendering (layout mobile).
  route('post/:id', 'routes/post.tsx'),
  route('m/post/:id', 'routes/m-post.tsx'),
  // The composer and its drafts (docs/decisions/0007-publish-route.md; SPEC.md lists no path).
  route('publish', 'routes/publish.tsx'),
  // The shop (issue 13): the list, a category by its path of ids (/shop/category/3/12),
  // and the product page (layout detail).
  route('shop', 'routes/shop.tsx'),
  route('shop/category/*', 'routes/shop-category.tsx'),
  route('product/:id', 'routes/product.tsx'),
  // Search (issue 14): posts, people and products; ?word=…&type=… is the result page.
  route('search', 'routes/search.tsx'),
  // Private chat: the conversations and, with ?with={uid}, the conversation with that person.
  route('messages', 'routes/messages.tsx'),
  // The viewer's notifications (互动 / 系统 / 车队), SPEC.md §2 and §7.
  route('notification', 'routes/notification.tsx'),
  // Nearby (issue 16): the radar, the lists, the geo-post feed, a team's page (/team/{id}:
  // SPEC.md lists no path for it) and the create-team form SPEC.md lists as a test page.
  route('radar', 'routes/radar.tsx'),
  route('nearby', 'routes/nearby.tsx'),
  route('near', 'routes/near.tsx'),
  route('team/:id', 'routes/team.tsx'),
  route('test-team-creation', 'routes/test-team-creation.tsx'),
  // VIP membership (SPEC.md lists no path: docs/decisions/0020-vip.md) and the sandbox's
  // cashier, the address pay-order answers when the sandbox pays (layout nonav).
  route('vip', 'routes/vip.tsx'),
  route('pay/sandbox/:tradeNo', 'routes/pay-sandbox.tsx'),
  // The shop's checkout (issue 17; paths of our own: docs/decisions/0021-shop-orders.md):
  // the chosen cart lines (?cids=1,2), the buyer's orders and one order, and their admin.
  route('checkout', 'routes/checkout.tsx'),
  route('orders', 'routes/orders.tsx'),
  route('orders/:id', 'routes/order.tsx'),
  route('admin/orders', 'routes/admin-orders.tsx'),
  // The AI tools (issue 18; SPEC.md lists no path: docs/decisions/0022-ai.md): text to image
  // and video, ?tab=video for the video tab.
  route('ai', 'routes/ai.tsx'),
  // The Tesla lock-chime maker and audio extraction (issue 19; docs/decisions/0023-media.md).
  route('lockchime', 'routes/lockchime.tsx'),
  // URL bookmarks (issue 20): the viewer's links (SPEC.md §2) and the admin's blocked domains.
  route('bookmarks', 'routes/bookmarks.tsx'),
  route('admin/bookmarks', 'routes/admin-bookmarks.tsx'),
  // The interstitial 即将离开车友圈 before another site (issue 21; docs/decisions/0025-shell-and-links.md).
  route('go', 'routes/go.tsx'),
  // The component previews of SPEC.md §2 "Other paths", a prefix's index without a name
  // (not linked from the product, noindex), and the paged-list test page.
  route('m/components/:name?', 'routes/m-components.tsx'),
  route('post/components/:name?', 'routes/post-components.tsx'),
  route('m/post/components/:name?', 'routes/m-post-components.tsx'),
  route('pagination-test', 'routes/pagination-test.tsx'),
  // Everything else: the legacy 301 redirects of SPEC.md §2 (/invitecode, /goods,
  // /contentInfo — matched on their query values), otherwise the 404 page.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
