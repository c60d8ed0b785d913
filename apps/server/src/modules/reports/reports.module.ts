import { reportQueue, reportResolve, reportSave } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { resolveReport } from './moderation.service.ts';
import { listReportQueue, saveReport } from './reports.service.ts';
import * as tables from './reports.tables.ts';

/** Reports of posts, comments and users, and the moderation queue (admins, declared with the endpoints). */
export const reportsModule = defineModule({
  name: 'reports',
  tables,
  endpoints: (app) => [
    serve(reportSave, async (input, { viewer }) => {
      await saveReport(app.db, viewer.id, input);
      return { result: true };
    }),
    serve(reportQueue, ({ status, page, size }) => listReportQueue(app.db, { status, page, size })),
    serve(reportResolve, async ({ id, action }, { viewer }) => {
      await resolveReport(app.db, viewer.id, { id, action });
      return { result: true };
    }),
  ],
});
