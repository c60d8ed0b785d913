// The drafts module's public face: its descriptor only (drafts react to `post.created`).
export { draftsModule } from './drafts.module.ts';
