import * as z from 'zod/mini';
import { defineArea, signedIn } from '../route';
import { ReportView } from '../reports';
import { Id } from '../schemas';

/**
 * Spec 001 §7 and spec 002 §7 "Printing": the finished report of a print job. The job itself runs
 * over the real-time channels (begin:{job}, status:report:{job}:{key}).
 */
export const reportsRoutes = defineArea('reports', {
  /**
   * A print job as stored (docs/decisions/0042): the print modal reads it each time its channel
   * turns live (pushes missed while not listening), and the download page reads it for a fresh
   * download link. The owner only; anyone else 404 'Report Not Found'.
   */
  getReport: {
    method: 'GET',
    path: '/api/reports/{reportId}',
    summary: "One of the caller's print jobs as it now stands, with a fresh download link once done",
    access: signedIn,
    division: 'required',
    params: z.strictObject({ reportId: Id }),
    query: z.strictObject({}),
    response: ReportView,
    implemented: false,
  },
  downloadReport: {
    method: 'GET',
    path: '/api/download/{reportId}.pdf',
    summary: "Download a finished report PDF of the caller's print job (token query)",
    access: signedIn,
    division: 'optional',
    files: 'read',
    tokenInQuery: true,
    implemented: false,
  },
});
