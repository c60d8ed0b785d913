// The geocode module's public face: its descriptor.
export { geocodeModule } from './geocode.module.ts';
