import { notBuiltYet } from './plan-request';

/** The inspection report (spec 002 §2 "Printing"). */
export const inspectionPlanner = notBuiltYet('inspection');
