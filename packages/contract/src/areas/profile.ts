import * as z from 'zod/mini';
import { defineArea, signedIn } from '../route';
import { Profile, ProfileUpdate } from '../profile';

export { NotificationSetting, SummaryEmail, Profile, ProfileUpdate } from '../profile';

/**
 * Spec 001 §3 and §7: the signed-in user's own profile. An area of its own: every signed-in page
 * asks for the profile first, so the SPA's first load carries these two routes' schemas and not
 * the whole users administration's (docs/decisions/0012), and so do their Lambdas.
 */
export const profileRoutes = defineArea('profile', {
  getProfile: {
    method: 'GET',
    path: '/api/users/profile',
    summary: 'The signed-in user with divisions, permissions, pages, navigation and appConstants',
    access: signedIn,
    division: 'none',
    publicRead: true,
    query: z.strictObject({}),
    response: Profile,
    implemented: true,
  },
  updateProfile: {
    method: 'POST',
    path: '/api/users/profile',
    summary: "Update the signed-in user's own name, position and phone",
    access: signedIn,
    division: 'none',
    query: z.strictObject({}),
    body: ProfileUpdate,
    response: Profile,
    implemented: true,
  },
});
