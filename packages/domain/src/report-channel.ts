/**
 * A print job's channel (spec 002 §7 `status:report:{job}:{key}`), in a module of its own: the
 * channel check runs in every Lambda that pushes to a channel, and carries only these few lines,
 * not the rest of printing's constants (packages/domain reports.ts re-exports them).
 */

/**
 * The channel a job's progress goes out on. The key is the browser's own (a fresh id per Print
 * press): the sender is subscribed by the begin itself, so no message is missed between beginning
 * and listening.
 */
export const reportChannel = (job: string, key: string) => `status:report:${job}:${key}`;
export const REPORT_CHANNEL_PATTERN =
  /^status:report:(inspection|inspections|siteMap|siteMaps|swmp|findings):([A-Za-z0-9_-]{1,64})$/;

/** Spec 001 §8 'Report Not Found': what a report's routes and its channel refuse with. */
export const REPORT_NOT_FOUND = 'Report Not Found';
