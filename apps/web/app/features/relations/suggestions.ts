import {
  type ApiClient,
  PAGE_SIZE,
  postsNoAds,
  type UserCard,
  type UserProfile,
  userInfo,
} from '@evcircle/contract/client';

/** How many people the empty following feed suggests. */
const SUGGESTION_COUNT = 6;

export function profileToCard(profile: UserProfile): UserCard {
  return {
    uid: profile.uid,
    uname: profile.uname,
    nickname: profile.nickname,
    avatar: profile.avatar,
    bio: profile.bio,
    car_model: profile.car_model,
    is_vip: profile.is_vip,
    isfollow: profile.isfollow === 1,
    istfollow: profile.istfollow === 1,
    followers: profile.followers,
  };
}

/**
 * People to follow when the following feed is empty: the authors of the current
 * recommended feed whom the viewer does not follow yet (not the viewer), in feed order.
 * Best effort: any failure just means no suggestions.
 */
export async function suggestPeople(api: ApiClient): Promise<UserCard[]> {
  try {
    const feed = await api.call(postsNoAds, { page: 1, size: PAGE_SIZE.posts });
    const uids: number[] = [];
    for (const post of feed) {
      if (post.ismine === 1 || post.isfollow === 1 || uids.includes(post.uid)) continue;
      uids.push(post.uid);
      if (uids.length === SUGGESTION_COUNT) break;
    }
    const profiles = await Promise.allSettled(uids.map((uid) => api.call(userInfo, { uid })));
    return profiles.flatMap((p) => (p.status === 'fulfilled' && p.value.ismine !== 1 ? [profileToCard(p.value)] : []));
  } catch (error) {
    console.error('[following] suggestions failed', error);
    return [];
  }
}
