// The links feature's public face (SPEC.md §8; docs/decisions/0025): the guard on
// navigating to another site, links in user text through the interstitial 即将离开车友圈,
// and that page itself.
export { LeavePage } from './leave-page.tsx';
export {
  EXTERNAL_LINK_REL,
  interstitialHref,
  isExternalUrl,
  navigateExternal,
  readDestination,
} from './link-guard.ts';
export { LinkedText } from './linked-text.tsx';
export { linkify, type TextPart } from './linkify.ts';
export { LINKS_MESSAGES } from './messages.ts';
export { UserLink } from './user-link.tsx';
