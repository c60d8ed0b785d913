/**
 * SPEC.md §2 legacy links (old app share links): matched on the query value `type`, and
 * only with a non-empty id or code. Anything else under those paths is an unknown page.
 */
const LEGACY_REDIRECTS: readonly { path: string; type: string; param: string; to: (value: string) => string }[] = [
  { path: '/invitecode', type: '3', param: 'code', to: (code) => `/invite/${encodeURIComponent(code)}` },
  { path: '/goods', type: '1', param: 'id', to: (id) => `/product/${encodeURIComponent(id)}` },
  { path: '/contentInfo', type: '2', param: 'id', to: (id) => `/post/${encodeURIComponent(id)}` },
];

/** Where an old link now lives, or null when the URL is not a valid legacy link. */
export function legacyRedirectTarget(url: URL): string | null {
  const rule = LEGACY_REDIRECTS.find((r) => r.path === url.pathname);
  if (!rule || url.searchParams.get('type') !== rule.type) return null;
  const value = url.searchParams.get(rule.param)?.trim();
  return value ? rule.to(value) : null;
}
