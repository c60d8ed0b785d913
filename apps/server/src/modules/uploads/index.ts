// The uploads module's public face: which uploads a user owns (posts and drafts check their media).
import './uploads.events.ts';

export { coverKeyOf, newUploadStem } from './upload-keys.ts';
export { uploadsModule } from './uploads.module.ts';
export { findOwnUploads, recordUpload } from './uploads.service.ts';
