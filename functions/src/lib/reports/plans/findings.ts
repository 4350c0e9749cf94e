import { notBuiltYet } from './plan-request';

/** The findings report (spec 002 §2 "Printing"). */
export const findingsPlanner = notBuiltYet('findings');
