import { readFile } from 'node:fs/promises';
import {
  CHIME_MAX_BYTES,
  chimeDelete,
  chimeDetail,
  chimeDownload,
  chimePopular,
  chimeShare,
  uploadChime,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { uploadTempRoot, withUpload } from '../../platform/receive-upload.ts';
import {
  countDownload,
  deleteChime,
  downloaderKey,
  findChime,
  popularChimes,
  shareChime,
  storeChimeUpload,
} from './chimes.service.ts';
import * as tables from './chimes.tables.ts';

function depsOf(app: FastifyInstance) {
  return { db: app.db, storage: app.storage };
}

/**
 * Tesla lock chimes (issue 19, docs/decisions/0023-media.md): the WAV upload, sharing a
 * chime as a Tesla-theme post, the popular list, one chime, counted downloads and the
 * owner's delete.
 */
export const chimesModule = defineModule({
  name: 'chimes',
  tables,
  endpoints: (app) => [
    serve(uploadChime, (_input, { viewer, request }) =>
      withUpload(request, { tempRoot: uploadTempRoot(app.config), limitFor: () => CHIME_MAX_BYTES }, async (received) =>
        storeChimeUpload(depsOf(app), viewer.id, await readFile(received.filePath)),
      ),
    ),
    serve(chimeShare, (input, { viewer }) =>
      shareChime({ ...depsOf(app), siteUrl: app.config.PUBLIC_URL }, viewer.id, input),
    ),
    serve(chimePopular, ({ page, size }) => popularChimes(depsOf(app), page, size)),
    serve(chimeDetail, ({ id }) => findChime(depsOf(app), id)),
    serve(chimeDownload, ({ id }, { viewer, request }) =>
      countDownload(depsOf(app), id, downloaderKey(viewer?.id ?? null, request.ip, app.config.UPLOAD_TOKEN_SECRET)),
    ),
    serve(chimeDelete, async ({ id }, { viewer }) => {
      await deleteChime(depsOf(app), viewer.id, id);
      return { result: true };
    }),
  ],
});
