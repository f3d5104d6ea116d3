import { z } from 'zod';
import { ZNotificationSettings, ZPrivacySettings } from './profile.js';
import { LISTENER_MESSAGES, ROLES } from './roles.js';

export { LISTENER_MESSAGES, ROLES };
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZVeriffStatus = z.enum(['pending', 'approved', 'declined', 'expired']);
export type TVeriffStatus = z.infer<typeof ZVeriffStatus>;

/** The signed-in user as GET /api/auth/check returns it (docs/product.md §3 "Auth check response"). */
export const ZAuthUser = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: ZRole,
  payolaBalance: z.number().int(),
  foundingFanNumber: z.number().int().nullable(),
  paymentCompleted: z.boolean(),
  verified: z.boolean(),
  kycCompleted: z.boolean(),
  veriffStatus: ZVeriffStatus.nullable(),
  /** My Profile's own fields (docs/product.md §3 User). */
  username: z.string().nullable(),
  phone: z.string().nullable(),
  genres: z.array(z.string()),
  privacySettings: ZPrivacySettings,
  notificationSettings: ZNotificationSettings,
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZAuthCheckResponse = z.object({
  authenticated: z.boolean(),
  user: ZAuthUser.nullable(),
});
export type TAuthCheckResponse = z.infer<typeof ZAuthCheckResponse>;
