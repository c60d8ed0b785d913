import { lazyComponent } from '~/lib/lazy-component.ts';
import type { CreateTeamFormProps } from './create-team-form.tsx';

/**
 * The create form (create-team-form.tsx) shows only once the browser has a place, never
 * in the server's HTML: its code loads then, not with the page.
 */
export const CreateTeamForm = lazyComponent<CreateTeamFormProps>(() =>
  import('./create-team-form.tsx').then((module) => module.CreateTeamForm),
);
