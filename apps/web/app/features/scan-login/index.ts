// The scan-login feature's public face: the phone's side of QR login (/m/scan/{scanCode}).
// The computer's side, the QR tab, is part of auth's login modal.
export { SCAN_LOGIN_MESSAGES } from './messages.ts';
export { ScanConfirm, type ScanLoad } from './scan-confirm.tsx';
