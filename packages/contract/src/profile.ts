/**
 * The signed-in user's profile and its settings: the schemas the profile area's routes answer with,
 * shared with the users and notifications areas (a module of its own, so sharing them brings no
 * area's routes into another area's Lambdas).
 */
import * as z from 'zod/mini';
import { DELIVERY_TYPES, SUMMARY_FREQUENCIES } from '@stormline/domain/notification-settings';
import { ROLE_NAMES } from '@stormline/domain/roles';
import { DivisionSummary, PermissionEntry } from './access';
import { PersonName, PhoneExtension } from './person';
import { Id, Version } from './schemas';

/**
 * One notification setting of the profile (spec 001 §3): the type, the delivery types it is
 * enabled for, and the e-mail's own message where the type has one.
 */
export const NotificationSetting = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_enabled: z.array(z.enum(DELIVERY_TYPES)),
  /** The delivery types this notification can go by (SMS only for three types). */
  deliveries: z.array(z.enum(DELIVERY_TYPES)),
  default_email_message: z.nullable(z.string()),
  has_custom_message: z.boolean(),
});
export type NotificationSetting = z.infer<typeof NotificationSetting>;

/** The summary e-mail (spec 001 §3): its frequency and the values the server offers. */
export const SummaryEmail = z.strictObject({
  frequency: z.enum(SUMMARY_FREQUENCIES),
  availableFrequencies: z.array(z.enum(SUMMARY_FREQUENCIES)),
});

/** Who a user is, as the profile and Edit User both show them: name, contact and role. */
export const UserIdentityFields = {
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  position: z.nullable(z.string()),
  address: z.strictObject({ phone: z.nullable(z.string()), phone_ext: z.nullable(z.string()) }),
  roleId: z.string(),
  roleName: z.enum(ROLE_NAMES),
};

/** The signed-in user as GET /api/users/profile answers it (spec 000 §3, spec 001 §3). */
export const Profile = z.strictObject({
  ...UserIdentityFields,
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  status: z.enum(['invited', 'active', 'inactive']),
  divisions: z.array(DivisionSummary),
  permissions: z.array(PermissionEntry),
  pages: z.array(z.strictObject({ id: z.string(), label: z.string(), route: z.string() })),
  navigation: z.array(z.strictObject({ label: z.string(), icon: z.string(), route: z.string() })),
  electronicSignatureAuthorization: z.boolean(),
  dataPolicySignature: z.boolean(),
  appConstants: z.strictObject({
    region: z.enum(['US', 'UK']),
    dateFormat: z.literal('MM-DD-YYYY'),
    maxUploadMb: z.number(),
    maxDocumentListUploadMb: z.number(),
  }),
  /**
   * The settings panels the role has (spec 001 §2): a Regulator none, 'Regulator - With Photos'
   * only Inspection Complete without frequency or e-signature control.
   */
  notifications: z.optional(z.array(NotificationSetting)),
  /** Null when the role has no frequency control. */
  summaryEmail: z.optional(z.nullable(SummaryEmail)),
  /** Whether the role has the e-signature consent control. */
  canConsentToSignatures: z.optional(z.boolean()),
  version: Version,
});
export type Profile = z.infer<typeof Profile>;

const Phone = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(20, 'Phone must be at most 20 characters'))),
);

/** The fields a user may change on their own profile; role, email and divisions are the admin's. */
export const ProfileUpdate = z.strictObject({
  first_name: PersonName('First name'),
  last_name: PersonName('Last name'),
  position: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(100, 'Position must be at most 100 characters'))),
  ),
  phone: Phone,
  phone_ext: PhoneExtension,
  version: Version,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
