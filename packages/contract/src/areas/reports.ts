import * as z from 'zod/mini';
import { ReportView } from '../reports';
import { defineArea, signedIn } from '../route';
import { Id } from '../schemas';

/**
 * Spec 001 §7 and spec 002 §7 "Printing" (docs/decisions/0042): a print job as recorded, and its
 * finished PDF. The job itself is begun and followed over the real-time channels (begin:{job},
 * status:report:{job}:{key}).
 */
export const reportsRoutes = defineArea('reports', {
  getReport: {
    method: 'GET',
    path: '/api/reports/{reportId}',
    summary:
      "A print job as it stands (requested, progress x of total, done with a fresh download link, or error with its reason); the job's owner only, else 404 'Report Not Found'",
    access: signedIn,
    division: 'required',
    publicRead: true,
    params: z.strictObject({ reportId: Id }),
    query: z.strictObject({}),
    response: ReportView,
    implemented: true,
  },
  downloadReport: {
    method: 'GET',
    path: '/api/download/{reportId}.pdf',
    summary:
      "Download a finished report PDF of the caller's print job (token query: the download link of the job's view): a redirect to the file, saved as its title",
    access: signedIn,
    division: 'optional',
    files: 'read',
    publicRead: true,
    tokenInQuery: true,
    params: z.strictObject({ reportId: Id }),
    query: z.strictObject({
      token: z.optional(z.string().check(z.maxLength(4000, 'The link is not valid'))),
    }),
    response: z.strictObject({ url: z.string() }),
    implemented: true,
  },
});
