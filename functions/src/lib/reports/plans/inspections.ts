import { notBuiltYet } from './plan-request';

/** The inspections report (spec 002 §2 "Printing"). */
export const inspectionsPlanner = notBuiltYet('inspections');
