import { isbot } from 'isbot';

export { isPhoneUserAgent } from './phone-user-agent.ts';

/**
 * True for crawlers and link-preview bots (isbot's list). They always get full pages:
 * a post is never turned into a modal for them (SPEC.md §2).
 */
export function isCrawlerUserAgent(userAgent: string): boolean {
  return isbot(userAgent);
}
