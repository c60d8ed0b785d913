import { readFile } from 'node:fs/promises';
import { deleteAccount, updateProfile, uploadAvatar, userInfo, userPosts, userSearch } from '@evcircle/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import { receiveUpload, uploadTempRoot } from '../uploads/receive-upload.ts';
import { getProfile } from './account.service.ts';
import { AVATAR_MAX_BYTES, replaceAvatar } from './avatar.service.ts';
import { loggedInId } from './logged-in.ts';
import {
  deleteAccount as deleteAccountOf,
  postsOfUser,
  searchUsers,
  updateProfile as updateProfileOf,
} from './users.service.ts';

/** Profiles, search, profile editing, avatar upload and account deletion. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, userInfo, ({ uid }, { viewer }) => getProfile(app.db, uid, viewer?.id ?? null));

  registerEndpoint(app, userSearch, ({ word, page, size }, { viewer }) =>
    searchUsers(app.db, word, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, userPosts, ({ uid, page, size }, { viewer }) =>
    postsOfUser(app.db, uid, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, updateProfile, (changes, { viewer }) => updateProfileOf(app.db, loggedInId(viewer), changes));

  registerEndpoint(app, deleteAccount, async (_input, { viewer, request, reply }) => {
    await deleteAccountOf({ db: app.db, storage: app.storage, log: request.log }, loggedInId(viewer));
    clearSessionCookie(reply);
    return { result: true };
  });

  // Multipart parsing only where a file is expected: the upload route's own scope.
  await app.register(async (uploads) => {
    if (!uploads.hasContentTypeParser('multipart/form-data')) await uploads.register(fastifyMultipart);
    registerEndpoint(uploads, uploadAvatar, async (_input, { viewer, request }) => {
      const userId = loggedInId(viewer);
      const received = await receiveUpload(request, {
        tempRoot: uploadTempRoot(app.config),
        limitFor: () => AVATAR_MAX_BYTES,
      });
      try {
        const file = await readFile(received.filePath);
        return await replaceAvatar({ db: app.db, storage: app.storage, log: request.log }, userId, file);
      } finally {
        await received.dispose();
      }
    });
  });
}
