// The likes module's public face: its descriptor only (nothing else uses it).
export { likesModule } from './likes.module.ts';
