// The icons module's public face: its descriptor (nothing else uses it).
export { iconsModule } from './icons.module.ts';
