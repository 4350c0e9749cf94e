import type { BeginBody } from '@stormline/contract/reports';
import type { ReportJob } from '@stormline/domain/reports';
import type { Deps } from '../../deps';
import type { ReportPlan } from '../report-plan';

/**
 * What a planner is given: a job the begin action has validated and authorised (the caller may
 * print it in this division, docs/decisions/0042). A planner still reads only within
 * `divisionId`, so an id of another division is simply not found.
 */
export interface PlanRequest<J extends ReportJob = ReportJob> {
  reportId: string;
  divisionId: string;
  /** The user who printed it (their name may appear as 'Printed by'). */
  userId: string;
  job: J;
  body: BeginBody<J>;
}

/** Reads the records of one report kind and builds its parts (escaped HTML, stored PDFs). */
export type Planner<J extends ReportJob> = (deps: Deps, request: PlanRequest<J>) => Promise<ReportPlan>;

/** A report kind whose planner is still being built (issue 22 in progress): its job ends in error. */
export const notBuiltYet =
  <J extends ReportJob>(job: J): Planner<J> =>
  async () => {
    throw new Error(`The ${job} report is not built yet`);
  };
