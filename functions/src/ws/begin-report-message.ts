import { BEGIN_BODIES } from '@stormline/contract/reports';
import { REPORT_JOBS, beginAction } from '@stormline/domain/reports';
import { beginReport } from '../lib/reports/report-begin';
import { socketAction } from './actions';
import { socketMessageHandler } from './socket-message';

/**
 * The six `begin:{job}` routes (spec 002 §7; docs/decisions/0042), one Lambda: each parses its
 * job's body strictly, then begins the job; the reply is the ReportView, and its progress goes out
 * on status:report:{job}:{key}, to which the sending connection is already subscribed.
 */
export const handler = socketMessageHandler(
  Object.fromEntries(
    REPORT_JOBS.map((job) => [
      beginAction(job),
      socketAction({
        body: BEGIN_BODIES[job],
        run: ({ deps, caller, divisionId, connectionId, body }) =>
          beginReport(deps, caller, divisionId, connectionId, job, body as never),
      }),
    ]),
  ),
);
