// The push module's public face: its descriptor (nothing else reaches into it).
export { pushModule } from './push.module.ts';
