import { formatMessage, type UserProfile } from '@evcircle/contract/client';
import { absoluteUrl } from '~/lib/absolute-url.ts';
import { PROFILES_MESSAGES } from './messages.ts';

/** Longest description we put in meta tags (search snippets cut around here anyway). */
const DESCRIPTION_MAX = 120;

/** Title, description, Open Graph and canonical tags of a profile page. */
export function profileMeta(profile: UserProfile, publicUrl: string, imageBase: string) {
  const title = formatMessage(PROFILES_MESSAGES.documentTitle, { nickname: profile.nickname });
  const summary = formatMessage(PROFILES_MESSAGES.description, {
    nickname: profile.nickname,
    posts: profile.posts,
    followers: profile.followers,
  });
  const full = profile.bio ? `${summary}${profile.bio.replace(/\s+/g, ' ')}` : summary;
  const description = full.length > DESCRIPTION_MAX ? `${full.slice(0, DESCRIPTION_MAX - 1)}…` : full;
  const url = `${publicUrl.replace(/\/+$/, '')}/user/${profile.uid}`;
  const image = absoluteUrl(profile.avatar, publicUrl, imageBase);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'profile' },
    { property: 'og:site_name', content: '车友圈' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
