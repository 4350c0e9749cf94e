import * as z from 'zod';
import { ROLE_NAMES } from '@stormline/domain/roles';
import { DivisionSummary, Id, PermissionEntry, PersonName, Version } from '../schemas';

/** The signed-in user as GET /api/users/profile answers it (spec 000 §3, spec 001 §3). */
export const Profile = z.object({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  address: z.object({ phone: z.string().nullable(), phone_ext: z.string().nullable() }),
  roleId: z.string(),
  roleName: z.enum(ROLE_NAMES),
  isAdmin: z.boolean(),
  isReadOnly: z.boolean(),
  status: z.enum(['invited', 'active', 'inactive']),
  divisions: z.array(DivisionSummary),
  permissions: z.array(PermissionEntry),
  pages: z.array(z.object({ id: z.string(), label: z.string(), route: z.string() })),
  navigation: z.array(z.object({ label: z.string(), icon: z.string(), route: z.string() })),
  electronicSignatureAuthorization: z.boolean(),
  dataPolicySignature: z.boolean(),
  appConstants: z.object({
    region: z.enum(['US', 'UK']),
    dateFormat: z.literal('MM-DD-YYYY'),
    maxUploadMb: z.number(),
    maxDocumentListUploadMb: z.number(),
  }),
  version: Version,
});
export type Profile = z.infer<typeof Profile>;

const Phone = z.string().trim().max(20).nullable().optional();

/** The fields a user may change on their own profile; role, email and divisions are the admin's. */
export const ProfileUpdate = z.strictObject({
  first_name: PersonName('First name'),
  last_name: PersonName('Last name'),
  position: z.string().trim().max(100).nullable().optional(),
  phone: Phone,
  phone_ext: z.string().trim().regex(/^\d*$/, 'Extension must be numeric').max(10).nullable().optional(),
  version: Version,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
