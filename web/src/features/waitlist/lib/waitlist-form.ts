import { z } from 'zod';
import { ZWaitlistRequest, type TWaitlistRequest } from '@app/contracts';
import type { WaitlistState } from './waitlist-reducer';

/** The form's text fields, as typed (the lists and the captcha are kept beside them). */
export const ZWaitlistTextFields = z.object({
  firstName: ZWaitlistRequest.shape.firstName,
  lastName: ZWaitlistRequest.shape.lastName,
  email: ZWaitlistRequest.shape.email,
  country: ZWaitlistRequest.shape.country,
  state: z.string().max(100, 'Please keep this under 100 characters'),
  city: ZWaitlistRequest.shape.city,
  mobilePhone: z.string().max(40, 'Please keep this under 40 characters'),
  whatsappNumber: z.string().max(40, 'Please keep this under 40 characters'),
});

export type WaitlistTextFields = z.output<typeof ZWaitlistTextFields>;

export const EMPTY_WAITLIST_FORM: WaitlistTextFields = {
  firstName: '',
  lastName: '',
  email: '',
  country: '',
  state: '',
  city: '',
  mobilePhone: '',
  whatsappNumber: '',
};

/** POST /api/waitlist's body: blank optional fields left out, only the custom genres still chosen. */
export function waitlistRequestOf(
  fields: WaitlistTextFields,
  { genres, customGenres, methods }: Pick<WaitlistState, 'genres' | 'customGenres' | 'methods'>,
  token: string,
): TWaitlistRequest {
  return {
    ...fields,
    state: fields.state || undefined,
    mobilePhone: fields.mobilePhone || undefined,
    whatsappNumber: fields.whatsappNumber || undefined,
    musicGenres: genres,
    customGenres: customGenres.filter((g) => genres.includes(g)),
    preferredContactMethods: methods,
    recaptchaToken: token,
  };
}
