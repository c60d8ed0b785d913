// The auth module's public face: sessions, for the QR login that hands one to a browser.
export { authModule } from './auth.module.ts';
export { createSession, isSessionOf } from './sessions.service.ts';
