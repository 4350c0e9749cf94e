import { notBuiltYet } from './plan-request';

/** The siteMap report (spec 002 §2 "Printing"). */
export const siteMapPlanner = notBuiltYet('siteMap');
