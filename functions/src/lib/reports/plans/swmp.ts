import { notBuiltYet } from './plan-request';

/** The swmp report (spec 002 §2 "Printing"). */
export const swmpPlanner = notBuiltYet('swmp');
