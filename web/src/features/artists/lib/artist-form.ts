import { z } from 'zod';
import { canonicalArtistLinks, ZArtistInput, type TArtistInput, type TArtistLink } from '@app/contracts';
import {
  canonicalLink,
  DEFAULT_ARTIST_TYPE,
  LINK_PLATFORMS,
  MIN_ARTIST_LINKS,
  type CanonicalLink,
  type LinkPlatform,
} from '@app/domain';
import type { useContractForm } from '@/lib/use-contract-form';

/** The four Link Hub inputs sent as `socialUrls`, in the spec's order (§3 Artist). */
const SOCIAL_PLATFORMS = ['instagram', 'youtube', 'appleMusic', 'tiktok'] as const satisfies readonly LinkPlatform[];
type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** The named link fields of the contract and the Link Hub input each comes from. */
const NAMED_FIELDS = {
  spotifyUrl: 'spotify',
  bandcampUrl: 'bandcamp',
  soundcloudUrl: 'soundcloud',
  websiteUrl: 'website',
} as const satisfies Record<string, LinkPlatform>;
type NamedField = keyof typeof NAMED_FIELDS;

const isSocial = (platform: LinkPlatform): platform is SocialPlatform =>
  (SOCIAL_PLATFORMS as readonly LinkPlatform[]).includes(platform);

/** Every input of the add-artist form, as text (the Link Hub inputs are named after their platform). */
export type ArtistFormValues = {
  name: string;
  artistType: string;
  genre: string;
  secondaryGenre: string;
  recordLabel: string;
  bio: string;
} & Record<LinkPlatform, string>;

export const EMPTY_ARTIST_FORM: ArtistFormValues = {
  name: '',
  artistType: DEFAULT_ARTIST_TYPE,
  genre: '',
  secondaryGenre: '',
  recordLabel: '',
  bio: '',
  ...(Object.fromEntries(LINK_PLATFORMS.map((platform) => [platform, ''])) as Record<LinkPlatform, string>),
};

export type ArtistFormField = keyof ArtistFormValues;

/** The add-artist form (react-hook-form checked by ZArtistForm), as its sections take it. */
export type ArtistForm = ReturnType<typeof useContractForm<ArtistFormValues, TArtistInput>>;

export type LinkValues = Pick<ArtistFormValues, LinkPlatform>;

/** How many Link Hub inputs hold something ('Links: n/8'). */
export function filledLinkCount(values: LinkValues): number {
  return LINK_PLATFORMS.filter((platform) => values[platform].trim() !== '').length;
}

export interface CheckedLinks {
  /** The distinct links that are valid, each canonical. */
  links: CanonicalLink[];
  /** A message per Link Hub input that holds a link the server would refuse. */
  issues: Partial<Record<LinkPlatform, string>>;
}

/**
 * Checks the Link Hub with the contract's own canonicalArtistLinks, so the browser shows the server's
 * messages at the right input. An Instagram, YouTube, Apple Music or TikTok input is also held to its
 * own platform first ("This is an Instagram link, not a YouTube link...") and sends its canonical
 * address, so a bare '@handle' the input accepts is a link the server accepts too.
 */
export function checkLinks(values: LinkValues): CheckedLinks {
  const issues: Partial<Record<LinkPlatform, string>> = {};
  const socialSlots: string[] = [];
  for (const platform of SOCIAL_PLATFORMS) {
    const raw = values[platform].trim();
    if (!raw) {
      socialSlots.push('');
      continue;
    }
    const result = canonicalLink(platform, raw);
    if (result.ok) socialSlots.push(result.link.url);
    else {
      issues[platform] = result.message;
      socialSlots.push('');
    }
  }
  const named = Object.fromEntries(
    Object.entries(NAMED_FIELDS).map(([field, platform]) => [field, values[platform].trim() || null]),
  ) as Record<NamedField, string | null>;
  const checked = canonicalArtistLinks({ ...named, socialUrls: socialSlots });
  for (const { path, message } of checked.issues) {
    const [first, index] = path;
    const platform =
      first === 'socialUrls' && typeof index === 'number' ? SOCIAL_PLATFORMS[index] : NAMED_FIELDS[first as NamedField];
    if (platform && !issues[platform]) issues[platform] = message;
  }
  return { links: checked.links, issues };
}

/** The contract's link fields for valid links, and which input each `socialUrls` entry came from. */
export function linkFieldsOf(links: readonly CanonicalLink[]) {
  const url = (platform: LinkPlatform) => links.find((link) => link.platform === platform)?.url ?? null;
  const socialSources = SOCIAL_PLATFORMS.filter((platform) => url(platform) !== null);
  return {
    fields: {
      spotifyUrl: url('spotify'),
      bandcampUrl: url('bandcamp'),
      soundcloudUrl: url('soundcloud'),
      websiteUrl: url('website'),
      socialUrls: socialSources.map((platform) => url(platform) as string),
    },
    socialSources,
  };
}

/** Link Hub values for an artist's stored links ('Load this artist'). */
export function linkValuesOf(links: readonly TArtistLink[]): Partial<LinkValues> {
  return Object.fromEntries(links.map((link) => [link.platform, link.url]));
}

/** The links of `links` an artist does not have yet: only these earn Payola on a verification. */
export function newLinksFor(links: readonly CanonicalLink[], existing: readonly TArtistLink[]): CanonicalLink[] {
  const known = new Set(
    existing.map((link) => {
      const result = canonicalLink(link.platform, link.url);
      return `${link.platform} ${result.ok ? result.link.key : link.url}`;
    }),
  );
  return links.filter((link) => !known.has(`${link.platform} ${link.key}`));
}

const FIELD_OF_PATH: Record<string, ArtistFormField> = {
  name: 'name',
  artistType: 'artistType',
  genre: 'genre',
  secondaryGenre: 'secondaryGenre',
  recordLabel: 'recordLabel',
  bio: 'bio',
};

/** The artist part of POST /api/artists, from the form's text. */
function artistInputOf(values: ArtistFormValues, links: readonly CanonicalLink[]): TArtistInput {
  return {
    name: values.name,
    artistType: (values.artistType || undefined) as TArtistInput['artistType'],
    genre: (values.genre || undefined) as TArtistInput['genre'],
    secondaryGenre: (values.secondaryGenre || null) as TArtistInput['secondaryGenre'],
    recordLabel: values.recordLabel || null,
    bio: values.bio || null,
    ...linkFieldsOf(links).fields,
  };
}

const ZArtistFormText = z.object(
  Object.fromEntries(Object.keys(EMPTY_ARTIST_FORM).map((key) => [key, z.string()])) as Record<
    ArtistFormField,
    z.ZodString
  >,
);

/**
 * The add-artist form, validated by the contract (ZArtistInput) with its messages at each input. The
 * output is the `artist` of POST /api/artists. Fewer than two links is not an input's error: the
 * submit button says so, and a submit answers with the 'More links needed' toast.
 */
export const ZArtistForm = ZArtistFormText.transform((values, context) => {
  const { links, issues } = checkLinks(values);
  let valid = true;
  for (const [platform, message] of Object.entries(issues)) {
    context.addIssue({ code: 'custom', path: [platform], message });
    valid = false;
  }
  const artist = artistInputOf(values, links);
  const parsed = ZArtistInput.safeParse(artist);
  for (const issue of parsed.error?.issues ?? []) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (!field) continue;
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
    valid = false;
  }
  return valid ? artist : z.NEVER;
}) as unknown as z.ZodType<TArtistInput, ArtistFormValues>;

export function hasEnoughLinks(links: readonly CanonicalLink[]): boolean {
  return links.length >= MIN_ARTIST_LINKS;
}

/**
 * A server 400's fieldErrors ('artist.spotifyUrl', 'artist.socialUrls.1', ...) keyed by form input.
 * `socialSources` says which input each sent `socialUrls` entry came from.
 */
export function formErrorsOf(
  fieldErrors: Record<string, string[]> | undefined,
  socialSources: readonly SocialPlatform[],
): Partial<Record<ArtistFormField, string[]>> {
  const errors: Partial<Record<ArtistFormField, string[]>> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const [, first, index] = key.split('.');
    const namedPlatform = (NAMED_FIELDS as Record<string, LinkPlatform>)[first ?? ''];
    const field: ArtistFormField | undefined =
      first === 'socialUrls'
        ? socialSources[Number(index)]
        : namedPlatform && !isSocial(namedPlatform)
          ? namedPlatform
          : FIELD_OF_PATH[first ?? ''];
    if (field) errors[field] = messages;
  }
  return errors;
}

/** The Link Hub inputs, in the spec's order, with their labels' placeholders. */
export const LINK_PLACEHOLDERS: Record<LinkPlatform, string> = {
  spotify: 'open.spotify.com/artist/…',
  appleMusic: 'music.apple.com/…/artist/…',
  bandcamp: 'name.bandcamp.com',
  soundcloud: 'soundcloud.com/name',
  youtube: 'youtube.com/@name',
  website: 'https://example.com',
  instagram: 'instagram.com/name',
  tiktok: 'tiktok.com/@name',
};
