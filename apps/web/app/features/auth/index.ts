// The auth feature's public face: who is logged in, the one login modal (phone and QR)
// and what opens it, the header's account menu, and the invite code kept for signup.
// The root loader reads the viewer through load-viewer.server.ts (server-only, so not here).
export { AccountMenu } from './account-menu.tsx';
export { AdminRefusal, type AdminRefusalMessages } from './admin-refusal.tsx';
export { LoginPrompt } from './lazy-login-prompt.tsx';
export { LoginModalProvider, useLoginModal, useRequireLogin } from './login-modal.tsx';
export { AUTH_MESSAGES } from './messages.ts';
export { savePendingInvite } from './pending-invite.ts';
export { useAvatarUrl } from './use-avatar-url.ts';
export { useViewer } from './use-viewer.ts';
