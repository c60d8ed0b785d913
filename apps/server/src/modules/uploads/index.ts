// The uploads module's public face: which uploads a user owns (posts and drafts check their media).
export { uploadsModule } from './uploads.module.ts';
export { findOwnUploads } from './uploads.service.ts';
