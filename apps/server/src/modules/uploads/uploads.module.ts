import { readFile } from 'node:fs/promises';
import {
  CAPTION_UPLOAD_MAX_BYTES,
  completeUpload,
  imageUploadToken,
  uploadCaption,
  uploadImage,
  uploadVideo,
  uploadVideoTranscode,
  videoUploadToken,
} from '@evcircle/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { uploadTempRoot, withUpload } from '../../platform/receive-upload.ts';
import { captionTooLarge, storeCaptionUpload } from './caption-upload.ts';
import { completeDirectUpload } from './complete-upload.ts';
import {
  type DirectUploadDeps,
  issueUploadToken,
  MAX_UPLOAD_BYTES,
  receiveDirectUpload,
  uploadHostPath,
} from './direct-upload.ts';
import { startUploadSweeper } from './sweep-temp.ts';
import { newUploadStem } from './upload-keys.ts';
import { storeImageUpload, storeVideoUpload } from './uploads.service.ts';
import * as tables from './uploads.tables.ts';
import {
  markFailed,
  requestTranscode,
  runTranscode,
  TRANSCODE_JOB,
  type TranscodeDeps,
  type TranscodeJobData,
} from './video-transcode.ts';

/** A ladder run past this counts as dead (a crash): more than the encoder's own time limit. */
const TRANSCODE_EXPIRE_S = 3 * 60 * 60;

/** The site the request reached, as the client sees it (TRUST_PROXY decides the protocol). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function depsOf(app: FastifyInstance, request: FastifyRequest): DirectUploadDeps {
  return { db: app.db, storage: app.storage, log: request.log, config: app.config, jobs: jobsOf(app) };
}

/** The job queue video ladders go to, or null when VIDEO_HLS is off. */
function jobsOf(app: FastifyInstance) {
  return app.config.VIDEO_HLS ? app.jobs : null;
}

function transcodeDeps(app: FastifyInstance): TranscodeDeps {
  return { db: app.db, storage: app.storage, log: app.log, config: app.config, jobs: jobsOf(app) };
}

/**
 * Post media: image, video and caption upload through our server, direct-upload tokens,
 * the S3 completion call, the local storage host the tokens point at (`POST
 * /upload/<region>`, answered Qiniu-style, not enveloped), and the background job that
 * transcodes stored videos into HLS ladders (video-transcode.ts).
 */
export const uploadsModule = defineModule({
  name: 'uploads',
  tables,
  endpoints: (app) => [
    serve(imageUploadToken, (_query, { viewer, request }) =>
      issueUploadToken(depsOf(app, request), viewer.id, 'image'),
    ),
    serve(videoUploadToken, (_query, { viewer, request }) =>
      issueUploadToken(depsOf(app, request), viewer.id, 'video'),
    ),
    serve(completeUpload, ({ uploadToken, key }, { viewer, request }) =>
      completeDirectUpload(depsOf(app, request), viewer.id, uploadToken, key),
    ),
    serve(uploadImage, (_input, { viewer, request }) =>
      withUpload(
        request,
        { tempRoot: uploadTempRoot(app.config), limitFor: () => MAX_UPLOAD_BYTES.image },
        async (received) => {
          const owner = { userId: viewer.id, stem: newUploadStem(viewer.id) };
          return storeImageUpload(depsOf(app, request), owner, await readFile(received.filePath));
        },
      ),
    ),
    serve(uploadVideo, (_input, { viewer, request }) =>
      withUpload(
        request,
        { tempRoot: uploadTempRoot(app.config), limitFor: () => MAX_UPLOAD_BYTES.video },
        (received) => {
          const owner = { userId: viewer.id, stem: newUploadStem(viewer.id) };
          return storeVideoUpload(depsOf(app, request), owner, received.filePath, received.workDir);
        },
      ),
    ),
    serve(uploadCaption, async (_input, { viewer, request }) => {
      try {
        return await withUpload(
          request,
          { tempRoot: uploadTempRoot(app.config), limitFor: () => CAPTION_UPLOAD_MAX_BYTES },
          (received) => storeCaptionUpload(depsOf(app, request), viewer.id, received),
        );
      } catch (error) {
        throw captionTooLarge(error);
      }
    }),
    serve(uploadVideoTranscode, ({ path }, { viewer }) => requestTranscode(transcodeDeps(app), viewer.id, path)),
  ],
  routes: async (app) => {
    const deps = transcodeDeps(app);
    app.jobs.define<TranscodeJobData>(TRANSCODE_JOB, {
      // An encoding failure is recorded by the run itself (it would fail again); a retry
      // is for a run that could not record its result, or whose process died.
      retryLimit: 1,
      retryDelayS: 30,
      expireInS: TRANSCODE_EXPIRE_S,
      concurrency: 1,
      handler: ({ data }) => runTranscode(deps, data),
      onDead: ({ data }) => markFailed(app.db, data),
    });

    // Work folders a crashed process left behind go at start and then hourly.
    let sweeper: { stop(): void } | null = null;
    app.addHook('onReady', async () => {
      sweeper = startUploadSweeper(uploadTempRoot(app.config), app.log);
    });
    app.addHook('onClose', async () => sweeper?.stop());

    // The local storage host: multipart parsing only in its own scope.
    await app.register(async (host) => {
      await host.register(fastifyMultipart);
      host.post<{ Params: { region: string } }>(uploadHostPath(':region'), async (request, reply) => {
        const answer = await receiveDirectUpload(
          depsOf(app, request),
          request,
          request.params.region,
          originOf(request),
        );
        return reply.code(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
      });
    });
  },
});
