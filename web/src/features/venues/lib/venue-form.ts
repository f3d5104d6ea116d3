import { z } from 'zod';
import { canonicalVenueLinks, ZVenueInput, type TVenue, type TVenueInput } from '@app/contracts';
import { DEFAULT_VENUE_COUNTRY } from '@app/domain';
import type { useContractForm } from '@/lib/use-contract-form';

/** Every single-value input of the add-venue form, as text; the social links are a list of their own. */
export type VenueFormValues = {
  name: string;
  venueType: string;
  streetAddress: string;
  city: string;
  state: string;
  country: string;
  capacity: string;
  ageRestriction: string;
  soundSystem: string;
  bio: string;
  phoneNumber: string;
  email: string;
  websiteUrl: string;
  bookingContact: string;
  accessibility: string;
  parking: string;
};

export const EMPTY_VENUE_FORM: VenueFormValues = {
  name: '',
  venueType: '',
  streetAddress: '',
  city: '',
  state: '',
  country: DEFAULT_VENUE_COUNTRY,
  capacity: '',
  ageRestriction: '',
  soundSystem: '',
  bio: '',
  phoneNumber: '',
  email: '',
  websiteUrl: '',
  bookingContact: '',
  accessibility: '',
  parking: '',
};

/** The add-venue form (react-hook-form checked by ZVenueForm), as its sections take it. */
export type VenueForm = ReturnType<typeof useContractForm<VenueFormValues, VenueFormValues>>;

const ZVenueFormText = z.object(
  Object.fromEntries(Object.keys(EMPTY_VENUE_FORM).map((key) => [key, z.string()])) as Record<
    keyof VenueFormValues,
    z.ZodString
  >,
);

/**
 * The single-value inputs, validated by the contract (ZVenueInput) with its messages at each input;
 * the social links are checked apart (`checkSocialLinks`), row by row.
 */
export const ZVenueForm = ZVenueFormText.transform((values, context) => {
  const parsed = ZVenueInput.safeParse({ ...values, socialUrls: [] });
  for (const issue of parsed.error?.issues ?? []) {
    context.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
  }
  return parsed.success ? values : z.NEVER;
}) as unknown as z.ZodType<VenueFormValues, VenueFormValues>;

/** A message per social-link row that holds a link the server would refuse (blank rows are dropped). */
export function checkSocialLinks(values: Pick<VenueFormValues, 'websiteUrl'>, rows: readonly string[]) {
  const filled = rows.map((row, index) => ({ row: row.trim(), index })).filter(({ row }) => row !== '');
  const { issues } = canonicalVenueLinks({
    websiteUrl: values.websiteUrl.trim() || null,
    socialUrls: filled.map((f) => f.row),
  });
  const byRow: Record<number, string> = {};
  for (const issue of issues) {
    if (issue.path[0] === 'socialUrls') byRow[filled[issue.path[1] as number]!.index] = issue.message;
  }
  return byRow;
}

/** The request's venue: the form's text (validated by ZVenueForm, so its choices are the contract's) and the non-blank social links. */
export function venueInputOf(values: VenueFormValues, rows: readonly string[]): TVenueInput {
  return { ...values, socialUrls: rows.map((row) => row.trim()).filter(Boolean) } as TVenueInput;
}

/** A venue on file as form values ('Load this venue'). */
export function formValuesOf(venue: TVenue): { values: VenueFormValues; socialRows: string[] } {
  return {
    values: {
      name: venue.name,
      venueType: venue.venueType,
      streetAddress: venue.streetAddress ?? '',
      city: venue.city,
      state: venue.state,
      country: venue.country,
      capacity: venue.capacity === null ? '' : String(venue.capacity),
      ageRestriction: venue.ageRestriction ?? '',
      soundSystem: venue.soundSystem ?? '',
      bio: venue.bio ?? '',
      phoneNumber: venue.phoneNumber ?? '',
      email: venue.email ?? '',
      websiteUrl: venue.websiteUrl ?? '',
      bookingContact: venue.bookingContact ?? '',
      accessibility: venue.accessibility ?? '',
      parking: venue.parking ?? '',
    },
    socialRows: venue.socialUrls.length > 0 ? [...venue.socialUrls] : [''],
  };
}

/**
 * A 400's field errors for the form: 'venue.city' -> 'city'; 'venue.socialUrls.1' -> the row that held
 * the second non-blank link.
 */
export function formErrorsOf(fieldErrors: Record<string, string[]> | undefined, rows: readonly string[]) {
  const fields: Record<string, string[]> = {};
  const social: Record<number, string> = {};
  const filledRows = rows.map((row, index) => ({ row: row.trim(), index })).filter(({ row }) => row !== '');
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const [, field, position] = path.split('.');
    if (!field || !messages[0]) continue;
    if (field === 'socialUrls' && position !== undefined) {
      const row = filledRows[Number(position)];
      if (row) social[row.index] = messages[0];
    } else fields[field] = messages;
  }
  return { fields, social };
}
