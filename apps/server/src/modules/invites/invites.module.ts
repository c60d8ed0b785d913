import { inviteInfo, myInvites } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { getInviteInfo, listMyInvites } from './invites.service.ts';

/** Invite codes: who owns one (public), and whom the viewer has invited. */
export const invitesModule = defineModule({
  name: 'invites',
  endpoints: (app) => [
    serve(inviteInfo, ({ code }, { viewer }) => getInviteInfo(app.db, code, viewer?.id ?? null)),
    serve(myInvites, ({ page, size }, { viewer }) => listMyInvites(app.db, viewer.id, page, size)),
  ],
});
