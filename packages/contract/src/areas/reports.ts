import { defineArea, signedIn } from '../route';

/**
 * Spec 001 §7 and spec 002 §7 "Printing": the finished report of a print job. The job itself runs
 * over the real-time channels (begin:{job}, status:report:{job}:{key}).
 */
export const reportsRoutes = defineArea('reports', {
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
