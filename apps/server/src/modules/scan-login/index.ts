// The scan-login module's public face: its descriptor only.
export { scanLoginModule } from './scan-login.module.ts';
