// The errors feature's public face: the one error boundary of every route, the 404 page
// of one missing thing (a post, a profile) built on it, and the error pages' wording.
export type { StatusHandler } from './general-error-boundary.tsx';
export { GeneralErrorBoundary } from './lazy-error-boundary.tsx';
export { ERROR_MESSAGES } from './messages.ts';
export { ResourceNotFound } from './resource-not-found.tsx';
