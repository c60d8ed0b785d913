import type { UserCard } from '@evcircle/contract/client';
import { CHAT_MESSAGES } from './messages.ts';

/** 互相关注, 关注 (the viewer follows them) or 粉丝 (they follow the viewer). */
export function relationLabel(person: Pick<UserCard, 'isfollow' | 'istfollow'>): string {
  if (person.isfollow && person.istfollow) return CHAT_MESSAGES.friendTabs.mutual;
  if (person.isfollow) return CHAT_MESSAGES.friendTabs.following;
  if (person.istfollow) return CHAT_MESSAGES.friendTabs.followers;
  return '';
}
