import { AppError } from '@evcircle/contract';
import type { Viewer } from '../../platform/fastify-types.ts';

/**
 * The viewer's id on an `auth: 'required'` endpoint. registerEndpoint has already
 * answered 2011 without a viewer; this narrows the type (and would answer 2011 again
 * should an endpoint's declaration ever lose its auth rule).
 */
export function loggedInId(viewer: Viewer | null): number {
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  return viewer.id;
}
