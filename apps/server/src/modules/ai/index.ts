// The ai module's public face: its descriptor (no other module uses its tables or rules).
export { aiModule } from './ai.module.ts';
