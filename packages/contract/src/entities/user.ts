import { z } from 'zod';

/** 0 unknown, 1 male, 2 female. */
export const SexSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A user as lists show them (search results, followers, following). SPEC.md §3 "User search result". */
export const UserCardSchema = z.object({
  uid: z.number(),
  /** SPEC.md reads `nickname` from `uname`; both are sent. */
  uname: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  car_model: z.string(),
  is_vip: z.number(),
  /** The viewer follows this user (false when logged out). */
  isfollow: z.boolean(),
  /** This user follows the viewer. */
  istfollow: z.boolean(),
  followers: z.number(),
});
export type UserCard = z.infer<typeof UserCardSchema>;

/** A public profile, with the viewer's relation to it (SPEC.md §3 "User info"). */
export const UserProfileSchema = z.object({
  uid: z.number(),
  uname: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  sex: z.number(),
  car_model: z.string(),
  /** 1 = VIP member; `isVIP` is the variant SPEC.md says the client also reads. */
  is_vip: z.number(),
  isVIP: z.boolean(),
  /** 1 = the viewer follows this user. */
  isfollow: z.number(),
  /** 1 = this user follows the viewer. */
  istfollow: z.number(),
  /** 1 = this is the viewer. */
  ismine: z.number(),
  /** 1 = the viewer has blocked this user: their posts are not listed for the viewer. */
  isblock: z.number(),
  posts: z.number(),
  followers: z.number(),
  following: z.number(),
  /** Likes received on their posts. */
  likes: z.number(),
  /** ISO 8601 time of sign-up. */
  atime: z.string(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** The viewer's own account: the profile plus what only they may see. */
export const AccountSchema = UserProfileSchema.extend({
  /** Masked: 138****8000. */
  mobile: z.string(),
  acode: z.string(),
  invite_code: z.string(),
  /** Points (integral) balance. */
  integral: z.number(),
  /** 'user' or 'admin'. */
  role: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** What a successful login answers: the session token plus the account (SPEC.md §7). */
export const LoginResultSchema = AccountSchema.extend({
  token: z.string(),
  /** True when this login created the account. */
  isnew: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** A 3-digit challenge for foreign area codes: an image the person reads and types. */
export const ChallengeSchema = z.object({
  challengeId: z.string(),
  /** data:image/svg+xml;base64,… showing the 3 digits. */
  image: z.string(),
});
export type Challenge = z.infer<typeof ChallengeSchema>;
