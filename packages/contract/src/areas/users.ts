import * as z from 'zod/mini';
import { ROLE_NAMES } from '@stormline/domain/roles';
import { DELIVERY_TYPES } from '@stormline/domain/notification-settings';
import { defineArea, permission, signedIn } from '../route';
import { DivisionSummary, PermissionEntry, RoleSummary } from '../access';
import { Email, PersonName, PhoneExtension } from '../person';
import { Id, ListQuery, Page, SEARCH_TEXT_MAX_LENGTH, Version } from '../schemas';
import { NotificationSetting, UserIdentityFields } from '../profile';

export const USER_STATUSES = ['invited', 'active', 'inactive'] as const;

/** A row of the users admin list (spec 001 §2: First Name, Last Name, Email, Role, Status). */
export const UserRow = z.strictObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.enum(ROLE_NAMES),
  status: z.enum(USER_STATUSES),
});
export type UserRow = z.infer<typeof UserRow>;

export const UserPage = Page(UserRow);

/** A client the user is assigned to, as Edit User's clients table shows it. */
export const AssignedClient = z.strictObject({ id: Id, name: z.string() });

/** A project the user has access to (Edit User's access switch). */
export const AssignedProject = z.strictObject({
  id: Id,
  name: z.string(),
  client_id: Id,
  divisionId: Id,
  archived: z.boolean(),
});

/** The Edit User payload (spec 001 §3), as GET /api/users/{id} answers it. */
export const UserDetail = z.strictObject({
  ...UserIdentityFields,
  ccrNumber: z.nullable(z.string()),
  peNumber: z.nullable(z.string()),
  status: z.enum(USER_STATUSES),
  /** The user's divisions (all of them: a division the caller is not in shows by id only). */
  divisionIds: z.array(Id),
  divisions: z.array(DivisionSummary),
  managerUserId: z.nullable(Id),
  /** The grants in force: the role's, or the Permissions modal's when it changed them. */
  permissions: z.array(PermissionEntry),
  permissionsOverridden: z.boolean(),
  /** Clients and projects of this division the user is assigned to. */
  clients: z.array(AssignedClient),
  projects: z.array(AssignedProject),
  version: Version,
});
export type UserDetail = z.infer<typeof UserDetail>;

/** The view-only profile card (spec 001 §2: what an inspector sees of others). */
export const UserCard = z.strictObject({
  id: Id,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  position: z.nullable(z.string()),
  address: z.strictObject({ phone: z.nullable(z.string()), phone_ext: z.nullable(z.string()) }),
  roleName: z.enum(ROLE_NAMES),
  status: z.enum(USER_STATUSES),
});

const userParams = z.strictObject({ id: Id });

const RoleId = z
  .string({ error: 'Role is required' })
  .check(z.minLength(1, 'Role is required'), z.maxLength(64));

const DivisionIds = z
  .array(Id, { error: 'Divisions is required' })
  .check(z.minLength(1, 'Divisions is required'), z.maxLength(100, 'At most 100 divisions'));

const IdList = (label: string, max: number) =>
  z.optional(z.array(Id).check(z.maxLength(max, `At most ${max} ${label} at once`)));

const OptionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
  );

/**
 * Spec 001 §2 Add Users: one or more emails (unique, each valid), the role, divisions, and the
 * clients and projects of step 2. Each email becomes an invited user with an invitation e-mail.
 */
export const CreateUsersBody = z.strictObject({
  emails: z.array(Email, { error: 'At least one email is required' }).check(
    z.minLength(1, 'At least one email is required'),
    z.maxLength(50, 'At most 50 emails at once'),
    z.refine(
      (emails) => new Set(emails.map((e) => e.toLowerCase())).size === emails.length,
      'Each email may be entered once',
    ),
  ),
  roleId: RoleId,
  divisionIds: DivisionIds,
  position: OptionalText('Position', 100),
  managerUserId: z.optional(z.nullable(Id)),
  clients: IdList('clients', 50),
  projects: IdList('projects', 50),
});
export type CreateUsersBody = z.infer<typeof CreateUsersBody>;

/** Spec 001 §3 Edit payload, saved by POST /api/users/update/{id}. */
export const UpdateUserBody = z.strictObject({
  first_name: PersonName('First name'),
  last_name: PersonName('Last name'),
  email: Email,
  phone: OptionalText('Phone', 20),
  phone_ext: PhoneExtension,
  position: OptionalText('Position', 100),
  roleId: RoleId,
  ccrNumber: OptionalText('CCR number', 50),
  peNumber: OptionalText('PE number', 50),
  divisionIds: DivisionIds,
  managerUserId: z.optional(z.nullable(Id)),
  /** The clients and projects of this division the user is assigned to, as they are to be. */
  clients: IdList('clients', 200),
  projects: IdList('projects', 200),
  version: Version,
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** The Permissions modal of Edit User (Admin and Client Manager only). */
export const UserPermissions = z.strictObject({
  /** The grants in force. */
  permissions: z.array(PermissionEntry),
  /** The role's defaults, for 'reset to the role's'. */
  rolePermissions: z.array(PermissionEntry),
  overridden: z.boolean(),
  /**
   * The user's notification settings as their own profile shows them (spec 001 §2: the modal
   * comes "with the user's notifications"). Read-only here: each user chooses their own.
   */
  notifications: z.array(NotificationSetting),
  version: Version,
});

export const UserPermissionsBody = z.strictObject({
  /** The pairs the user is to hold; null goes back to the role's defaults. */
  permissions: z.nullable(z.array(PermissionEntry).check(z.maxLength(200, 'Too many permissions'))),
  version: Version,
});

/** Spec 001 §7: GET /api/users/groups/creation, the Add Users modal's options. */
export const CreationOptions = z.strictObject({
  roles: z.array(z.strictObject({ id: z.string(), name: z.enum(ROLE_NAMES) })),
  divisions: z.array(DivisionSummary),
  clients: z.array(z.strictObject({ id: Id, name: z.string() })),
  projects: z.array(z.strictObject({ id: Id, name: z.string(), client_id: Id })),
  managers: z.array(z.strictObject({ id: Id, name: z.string(), roleName: z.enum(ROLE_NAMES) })),
  /** The role the chosen role's manager must hold, or null when it keeps none (spec 001 §5). */
  managerRole: z.nullable(z.enum(ROLE_NAMES)),
});

const CommaIds = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,19}$/, 'The ids are not valid')),
);

const NotificationTypeParams = z.strictObject({
  id: Id,
  type: z.string().check(z.regex(/^[a-z-]{1,64}$/, 'Unknown notification type')),
});

/** Spec 001 §7: PUT /api/users/{id}/notification-types/{type}: is_enabled, default_email_message. */
export const NotificationTypeBody = z.strictObject({
  is_enabled: z.array(z.enum(DELIVERY_TYPES)).check(
    z.maxLength(3),
    z.refine((list) => new Set(list).size === list.length, 'Each delivery type may be given once'),
  ),
  default_email_message: z.optional(
    z.nullable(
      z.string().check(z.trim(), z.maxLength(2000, 'The email message must be at most 2000 characters')),
    ),
  ),
});

/** Spec 001 §7: POST /api/users/{id}/bulkupdate/notification-types: isEnabled, typeId (a delivery type). */
export const BulkNotificationBody = z.strictObject({
  isEnabled: z.boolean(),
  typeId: z.enum(DELIVERY_TYPES),
});

/** Spec 001 §7: users administration and roles (the signed-in user's own profile: areas/profile.ts). */
export const usersRoutes = defineArea('users', {
  listUsers: {
    method: 'GET',
    path: '/api/users',
    summary: "Users of the header's division by last name, or a search over first name, last name and email",
    access: permission('read', 'Admin'),
    division: 'required',
    pageSize: 25,
    query: ListQuery,
    response: UserPage,
    implemented: true,
  },
  getUser: {
    method: 'GET',
    path: '/api/users/{id}',
    summary: 'One user of the division for the Edit User screen',
    access: permission('read', 'Admin'),
    division: 'required',
    params: userParams,
    query: z.strictObject({}),
    response: UserDetail,
    implemented: true,
  },
  createUsers: {
    method: 'POST',
    path: '/api/users',
    summary:
      'Invite users: an email list with role, divisionIds, clients and projects; each gets an invitation e-mail',
    access: permission('create', 'Admin'),
    division: 'required',
    sendsMail: true,
    query: z.strictObject({}),
    body: CreateUsersBody,
    response: z.strictObject({
      /** Every user created, in the order asked, invited whether or not their e-mail went. */
      users: z.array(UserRow),
      /** The emails whose invitation e-mail could not be sent: Re-invite sends it again. */
      notSent: z.array(z.string()),
    }),
    implemented: true,
  },
  getUserProfileCard: {
    method: 'GET',
    path: '/api/users/profile/{id}',
    summary: "Another user's view-only profile card",
    access: permission('read', 'Admin'),
    division: 'required',
    params: userParams,
    query: z.strictObject({}),
    response: UserCard,
    implemented: true,
  },
  getUserCreationOptions: {
    method: 'GET',
    path: '/api/users/groups/creation',
    summary: 'Options for the Add Users modal by roleId, divisionIds, clientIds, managerUserId',
    access: permission('create', 'Admin'),
    division: 'required',
    query: z.strictObject({
      roleId: z.optional(z.string().check(z.maxLength(64))),
      divisionIds: CommaIds,
      clientIds: CommaIds,
      managerUserId: z.optional(Id),
    }),
    response: CreationOptions,
    implemented: true,
  },
  updateUser: {
    method: 'POST',
    path: '/api/users/update/{id}',
    summary:
      "Save the Edit User form with clients, projects and divisionIds (an email change ends the user's sessions, voids their links and tells the old address)",
    access: permission('update', 'Admin'),
    division: 'required',
    realtime: true,
    sendsMail: true,
    params: userParams,
    query: z.strictObject({}),
    body: UpdateUserBody,
    response: UserDetail,
    implemented: true,
  },
  inviteUser: {
    method: 'POST',
    path: '/api/users/{id}/invite',
    summary: 'Send the invitation of an invited user again (the previous link stops working)',
    access: permission('create', 'Admin'),
    division: 'required',
    sendsMail: true,
    params: userParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ message: z.string() }),
    implemented: true,
  },
  setUserStatus: {
    method: 'PUT',
    path: '/api/users/{id}/status',
    summary: 'Activate or deactivate a user (update or create on Admin); deactivation ends their sessions',
    access: permission('read', 'Admin'),
    division: 'required',
    realtime: true,
    params: userParams,
    query: z.strictObject({}),
    body: z.strictObject({ status: z.enum(['active', 'inactive']), version: Version }),
    response: UserRow,
    implemented: true,
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/users/delete/{id}',
    summary: 'Delete a user: the account, its memberships, assignments and links; their sessions end',
    access: permission('delete', 'Admin'),
    division: 'required',
    realtime: true,
    params: userParams,
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ message: z.string() }),
    implemented: true,
  },
  getUserPermissions: {
    method: 'GET',
    path: '/api/user-permissions/{id}',
    summary: "The Permissions modal: a user's permission pairs (Admin and Client Manager only)",
    access: permission('update', 'Admin'),
    division: 'required',
    params: userParams,
    query: z.strictObject({}),
    response: UserPermissions,
    implemented: true,
  },
  setUserPermissions: {
    method: 'PUT',
    path: '/api/user-permissions/{id}',
    summary: "Replace a user's permission pairs, or null for the role's (Admin and Client Manager only)",
    access: permission('update', 'Admin'),
    division: 'required',
    params: userParams,
    query: z.strictObject({}),
    body: UserPermissionsBody,
    response: UserPermissions,
    implemented: true,
  },
  getUserClientOptions: {
    method: 'GET',
    path: '/api/user-client-options/{id}',
    summary:
      "Edit User's 'Add Clients' search: the division's clients the user does not have, by name from 2 characters, and by project name from 3",
    access: permission('update', 'Admin'),
    division: 'required',
    params: userParams,
    query: z.strictObject({
      s: z
        .string({ error: 'Type at least 2 characters to search clients' })
        .check(
          z.trim(),
          z.minLength(2, 'Type at least 2 characters to search clients'),
          z.maxLength(SEARCH_TEXT_MAX_LENGTH, 'The search is too long'),
        ),
    }),
    response: z.array(
      z.strictObject({
        id: Id,
        name: z.string(),
        projects: z.array(z.strictObject({ id: Id, name: z.string() })),
      }),
    ),
    implemented: true,
  },
  setSignatureAuthorization: {
    method: 'POST',
    path: '/api/users/{id}/signature_authorization/{value}',
    summary: 'Consent (agree) or withdraw (disagree) electronic signature authorization',
    access: signedIn,
    self: 'id',
    division: 'optional',
    params: z.strictObject({
      id: Id,
      value: z.enum(['agree', 'disagree'], { error: "The value must be 'agree' or 'disagree'" }),
    }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ electronicSignatureAuthorization: z.boolean() }),
    implemented: true,
  },
  listRoles: {
    method: 'GET',
    path: '/api/roles',
    summary: 'Roles with their default permissions',
    access: signedIn,
    division: 'none',
    query: z.strictObject({}),
    response: z.array(RoleSummary),
    implemented: true,
  },
  setNotificationType: {
    method: 'PUT',
    path: '/api/users/{id}/notification-types/{type}',
    summary: 'Enable delivery types and the default email message of one notification type',
    access: signedIn,
    self: 'id',
    division: 'optional',
    params: NotificationTypeParams,
    query: z.strictObject({}),
    body: NotificationTypeBody,
    response: NotificationSetting,
    implemented: true,
  },
  bulkUpdateNotificationTypes: {
    method: 'POST',
    path: '/api/users/{id}/bulkupdate/notification-types',
    summary: 'Enable or disable a delivery type across notification types',
    access: signedIn,
    self: 'id',
    division: 'optional',
    params: userParams,
    query: z.strictObject({}),
    body: BulkNotificationBody,
    response: z.array(NotificationSetting),
    implemented: true,
  },
});
