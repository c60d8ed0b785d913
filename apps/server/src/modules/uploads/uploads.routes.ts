import { readFile } from 'node:fs/promises';
import { completeUpload, imageUploadToken, uploadImage, uploadVideo, videoUploadToken } from '@evcircle/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { loggedInId } from '../users/logged-in.ts';
import { completeDirectUpload } from './complete-upload.ts';
import {
  type DirectUploadDeps,
  issueUploadToken,
  MAX_UPLOAD_BYTES,
  receiveDirectUpload,
  uploadHostPath,
} from './direct-upload.ts';
import { receiveUpload, uploadTempRoot } from './receive-upload.ts';
import { startUploadSweeper } from './sweep-temp.ts';
import { newUploadStem } from './upload-keys.ts';
import { storeImageUpload, storeVideoUpload } from './uploads.service.ts';

/** The site the request reached, as the client sees it (TRUST_PROXY decides the protocol). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Post media: image and video upload through our server, direct-upload tokens, the S3
 * completion call, and the local storage host the tokens point at (`POST /upload/<region>`,
 * answered Qiniu-style, not enveloped).
 */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): DirectUploadDeps => ({
    db: app.db,
    storage: app.storage,
    log: request.log,
    config: app.config,
  });

  registerEndpoint(app, imageUploadToken, (_query, { viewer, request }) =>
    issueUploadToken(deps(request), loggedInId(viewer), 'image'),
  );
  registerEndpoint(app, videoUploadToken, (_query, { viewer, request }) =>
    issueUploadToken(deps(request), loggedInId(viewer), 'video'),
  );
  registerEndpoint(app, completeUpload, ({ uploadToken, key }, { viewer, request }) =>
    completeDirectUpload(deps(request), loggedInId(viewer), uploadToken, key),
  );

  // Work folders a crashed process left behind go at start and then hourly.
  let sweeper: { stop(): void } | null = null;
  app.addHook('onReady', async () => {
    sweeper = startUploadSweeper(uploadTempRoot(app.config), app.log);
  });
  app.addHook('onClose', async () => sweeper?.stop());

  // Multipart parsing only where a file is expected: these routes' own scope.
  await app.register(async (files) => {
    if (!files.hasContentTypeParser('multipart/form-data')) await files.register(fastifyMultipart);

    registerEndpoint(files, uploadImage, async (_input, { viewer, request }) => {
      const userId = loggedInId(viewer);
      const received = await receiveUpload(request, {
        tempRoot: uploadTempRoot(app.config),
        limitFor: () => MAX_UPLOAD_BYTES.image,
      });
      try {
        const owner = { userId, stem: newUploadStem(userId) };
        return await storeImageUpload(deps(request), owner, await readFile(received.filePath));
      } finally {
        await received.dispose();
      }
    });

    registerEndpoint(files, uploadVideo, async (_input, { viewer, request }) => {
      const userId = loggedInId(viewer);
      const received = await receiveUpload(request, {
        tempRoot: uploadTempRoot(app.config),
        limitFor: () => MAX_UPLOAD_BYTES.video,
      });
      try {
        const owner = { userId, stem: newUploadStem(userId) };
        return await storeVideoUpload(deps(request), owner, received.filePath, received.workDir);
      } finally {
        await received.dispose();
      }
    });

    files.post<{ Params: { region: string } }>(`${uploadHostPath(':region')}`, async (request, reply) => {
      const answer = await receiveDirectUpload(deps(request), request, request.params.region, originOf(request));
      return reply.code(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
    });
  });
}
