import * as z from 'zod/mini';

/**
 * The SPA's runtime configuration (spec 001 §1 "Environment configuration fields"), served as
 * /config.json next to index.html: by the local gateway on one machine, by the web stack in the
 * cloud, so one build of the SPA runs in every environment.
 */
export const WebConfig = z.object({
  apiBaseUrl: z.string({ error: 'apiBaseUrl is required' }).check(z.minLength(1, 'apiBaseUrl is required')),
  websocketUrl: z.optional(z.string().check(z.minLength(1))),
  documentViewerLicenseKey: z.optional(z.string()),
  documentTitle: z._default(z.string(), 'Stormline Inspections'),
  userManualCmsUrl: z.optional(z.string()),
  /** The data privacy policy registration links to (spec 001 §2); no link is shown without one. */
  privacyPolicyUrl: z.optional(z.url({ protocol: /^https?$/ })),
  region: z._default(z.enum(['US', 'UK']), 'UK'),
  publicUser: z.optional(z.object({ email: z.string(), password: z.string() })),
  commitSha: z.optional(z.string()),
  jobId: z.optional(z.string()),
  feedbackWidget: z.optional(z.object({ enabled: z.boolean(), scriptSrc: z.string() })),
});
export type WebConfig = z.infer<typeof WebConfig>;
