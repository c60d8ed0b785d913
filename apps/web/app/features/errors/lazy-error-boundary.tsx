import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The error boundary every route uses, loaded when an error is shown: most visits never
 * see one, so its pages are not part of any page's first load.
 */
export const GeneralErrorBoundary = lazyComponent(() =>
  import('./general-error-boundary.tsx').then((module) => module.GeneralErrorBoundary),
);
