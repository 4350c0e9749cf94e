import * as z from 'zod';

/**
 * The SPA's runtime configuration (spec 001 §1 "Environment configuration fields"), served as
 * /config.json next to index.html: by the local gateway on one machine, by the web stack in the
 * cloud, so one build of the SPA runs in every environment.
 */
export const WebConfig = z.object({
  apiBaseUrl: z.string({ error: 'apiBaseUrl is required' }).min(1, 'apiBaseUrl is required'),
  websocketUrl: z.string().min(1).optional(),
  documentViewerLicenseKey: z.string().optional(),
  documentTitle: z.string().default('Stormline Inspections'),
  userManualCmsUrl: z.string().optional(),
  region: z.enum(['US', 'UK']).default('UK'),
  publicUser: z.object({ email: z.string(), password: z.string() }).optional(),
  commitSha: z.string().optional(),
  jobId: z.string().optional(),
  feedbackWidget: z.object({ enabled: z.boolean(), scriptSrc: z.string() }).optional(),
});
export type WebConfig = z.infer<typeof WebConfig>;
