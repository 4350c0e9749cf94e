import type { ReportJob } from '@stormline/domain/reports';
import { findingsPlanner } from './plans/findings';
import { inspectionPlanner } from './plans/inspection';
import { inspectionsPlanner } from './plans/inspections';
import type { Planner } from './plans/plan-request';
import { siteMapPlanner } from './plans/site-map';
import { siteMapsPlanner } from './plans/site-maps';
import { swmpPlanner } from './plans/swmp';

/** Each report kind's planner: the Plan step of the report state machine calls `PLANNERS[job]`. */
export const PLANNERS: { [J in ReportJob]: Planner<J> } = {
  inspection: inspectionPlanner,
  inspections: inspectionsPlanner,
  siteMap: siteMapPlanner,
  siteMaps: siteMapsPlanner,
  swmp: swmpPlanner,
  findings: findingsPlanner,
};
