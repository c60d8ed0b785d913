// The reports module's public face: its descriptor only.
export { reportsModule } from './reports.module.ts';
