// The uploads feature's public face: the signed upload client and the media upload with
// progress the composer and the avatar use.
export { uploadClient } from './upload-client.ts';
export { type MediaKind, uploadMedia } from './upload-media.ts';
