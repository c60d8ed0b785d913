import { defineModule } from '../../platform/module.ts';
import { registerIconRoutes } from './icons.routes.ts';

/**
 * Icons picked by name at run time (category icons admins set): the Iconify-compatible
 * endpoint over the sets installed from npm (docs/decisions/0026-icons.md). No tables, no
 * contract endpoints: its answer is Iconify's format, not the envelope.
 */
export const iconsModule = defineModule({
  name: 'icons',
  routes: (app) => registerIconRoutes(app),
});
