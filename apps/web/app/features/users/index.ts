// The users feature's public face, as the server's users module: a user's page
// (/user/{id}: header, posts, tags, 404) and the settings page's own-account sections
// (profile form, avatar, log out everywhere, delete the account).

export { UserNotFound } from './profile/lazy-user-not-found.tsx';
export { PROFILES_MESSAGES } from './profile/messages.ts';
export { ProfileHeader } from './profile/profile-header.tsx';
export { profileMeta } from './profile/profile-meta.ts';
export { ProfilePosts } from './profile/profile-posts.tsx';
export { AvatarUpload } from './settings/avatar-upload.tsx';
export { AccountActions } from './settings/lazy-account-actions.tsx';
export { USERS_MESSAGES } from './settings/messages.ts';
export { ProfileForm } from './settings/profile-form.tsx';
