import { readFile } from 'node:fs/promises';
import { deleteAccount, myAccount, updateProfile, uploadAvatar, userInfo } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { uploadTempRoot, withUpload } from '../../platform/receive-upload.ts';
import { clearSessionCookie } from '../../platform/session-cookie.ts';
import * as accounts from '../accounts/index.ts';
import { getAccount, getProfile } from './users.service.ts';

/**
 * People as others and they themselves see them: profiles, the viewer's own
 * account, profile editing, avatar upload and account deletion (the rows and writes
 * belong to the accounts module; this one composes them with follows, posts and points;
 * user search is the search module's).
 */
export const usersModule = defineModule({
  name: 'users',
  endpoints: (app) => [
    serve(userInfo, ({ uid }, { viewer }) => getProfile(app.db, uid, viewer?.id ?? null)),
    serve(myAccount, (_input, { viewer }) => getAccount(app.db, viewer.id)),
    serve(updateProfile, async (changes, { viewer }) => {
      await accounts.updateProfile(app.db, viewer.id, changes);
      return getAccount(app.db, viewer.id);
    }),
    serve(deleteAccount, async (_input, { viewer, request, reply }) => {
      await accounts.deleteAccount({ db: app.db, storage: app.storage, log: request.log }, viewer.id);
      clearSessionCookie(reply);
      return { result: true };
    }),
    serve(uploadAvatar, (_input, { viewer, request }) =>
      withUpload(
        request,
        { tempRoot: uploadTempRoot(app.config), limitFor: () => accounts.AVATAR_MAX_BYTES },
        async (received) =>
          accounts.replaceAvatar(
            { db: app.db, storage: app.storage, log: request.log },
            viewer.id,
            await readFile(received.filePath),
          ),
      ),
    ),
  ],
});
