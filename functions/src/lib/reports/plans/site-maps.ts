import { notBuiltYet } from './plan-request';

/** The siteMaps report (spec 002 §2 "Printing"). */
export const siteMapsPlanner = notBuiltYet('siteMaps');
