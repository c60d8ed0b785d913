// The legal feature's public face: the privacy policy's text.
export { type PolicyBlock, PRIVACY_INTRO, PRIVACY_META, PRIVACY_SECTIONS } from './privacy-policy.ts';
