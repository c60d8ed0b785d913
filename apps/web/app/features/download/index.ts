// The download feature's public face: the pieces of the /download page.
export { CopyLink } from './copy-link.tsx';
export { InstallButton } from './install-button.tsx';
export { DOWNLOAD_MESSAGES } from './messages.ts';
