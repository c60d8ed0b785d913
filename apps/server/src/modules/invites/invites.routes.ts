import { inviteInfo, myInvites } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { getInviteInfo, listMyInvites } from './invites.service.ts';

/** Invite codes: who owns one (public), and whom the viewer has invited. */
export async function invitesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, inviteInfo, ({ code }, { viewer }) => getInviteInfo(app.db, code, viewer?.id ?? null));

  registerEndpoint(app, myInvites, ({ page, size }, { viewer }) => listMyInvites(app.db, viewer!.id, page, size));
}
