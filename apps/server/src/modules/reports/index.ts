// The reports module's public face: its descriptor only (its `report.resolved` event is
// declared in reports.events.ts).
import './reports.events.ts';

export { reportsModule } from './reports.module.ts';
