// The chimes module's public face: its descriptor only (nothing else uses it).
export { chimesModule } from './chimes.module.ts';
