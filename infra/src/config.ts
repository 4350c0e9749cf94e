import type { Node } from 'constructs';

/**
 * What a deployment is told through CDK context (cdk.json, or `-c key=value`). Every value has a
 * default so `cdk synth` works from a clean clone; docs/operations.md lists them.
 */
export interface DeploymentConfig {
  /** Prefix of every stack name, so two copies (staging, production) can share an account. */
  stackPrefix: string;
  /** The region variant of the product (spec: US states and zip codes, or UK countries and postcodes). */
  regionVariant: 'US' | 'UK';
  /** The read-only public account the SPA signs in with on /public pages (spec 001 §1). */
  publicUser: { email: string; password: string };
  /** Where alarm notifications go; none subscribes when absent. */
  alarmEmail?: string;
  /** Changing it changes every function's configuration, so all start fresh containers. */
  deployStamp?: string;
  /**
   * The sender of invitations and password resets: an address or domain verified in SES in the
   * deployment's region (docs/operations.md). The default is a placeholder SES refuses.
   */
  mailFrom: string;
  /**
   * The site's address as users open it, for the links in e-mails (a custom domain); the
   * CloudFront distribution's own address when absent.
   */
  siteUrl?: string;
  /** The user manuals' CMS (a WordPress REST API base URL); /user-manuals shows 'No manuals found' without one. */
  userManualCmsUrl?: string;
  /** The data privacy policy the registration form links to; no link is shown without one. */
  privacyPolicyUrl?: string;
  /** Origins allowed to PUT uploads straight to the bucket (presigned URLs), besides CloudFront's. */
  extraUploadOrigins: string[];
}

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

export function readConfig(node: Node): DeploymentConfig {
  const regionVariant = text(node, 'stormline:regionVariant') ?? 'UK';
  if (regionVariant !== 'US' && regionVariant !== 'UK') {
    throw new Error(`Context stormline:regionVariant must be US or UK, not ${regionVariant}`);
  }
  const origins = text(node, 'stormline:extraUploadOrigins');
  return {
    stackPrefix: text(node, 'stormline:stackPrefix') ?? 'Stormline',
    regionVariant,
    publicUser: {
      email: text(node, 'stormline:publicUserEmail') ?? 'public@example.com',
      password: text(node, 'stormline:publicUserPassword') ?? 'Public-Passw0rd!',
    },
    alarmEmail: text(node, 'stormline:alarmEmail'),
    deployStamp: text(node, 'stormline:deployStamp'),
    mailFrom: text(node, 'stormline:mailFrom') ?? 'no-reply@example.com',
    siteUrl: text(node, 'stormline:siteUrl')?.replace(/\/+$/, ''),
    userManualCmsUrl: text(node, 'stormline:userManualCmsUrl')?.replace(/\/+$/, ''),
    privacyPolicyUrl: text(node, 'stormline:privacyPolicyUrl'),
    extraUploadOrigins: origins ? origins.split(',').map((o) => o.trim()) : [],
  };
}
