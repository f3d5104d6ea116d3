/**
 * Canonical artist links for the Link Hub (docs/product.md §2 "Add artist").
 *
 * Every pasted link is reduced to the identity it names on its platform (a Spotify artist id, a Bandcamp
 * subdomain, an Instagram handle...). The (platform, key) pair is unique across the catalogue, so a link
 * already on file means the same artist however it was pasted: with or without https://, www. or m.,
 * upper-case hosts, tracking parameters (?si=, ?igsh=), trailing slashes or sub-pages (/tracks, /videos).
 * The canonical `url` is a clean https address to store and show.
 *
 * Pure and browser-safe (the web app imports it through @app/domain): only the WHATWG URL global is used.
 * Nothing is fetched, so links that need a network call to resolve (on.soundcloud.com, spotify.link,
 * vm.tiktok.com, apple.co, youtu.be) are refused with a message asking for the full page address.
 */

/** The eight Link Hub inputs, in the order of the spec. */
export const LINK_PLATFORMS = [
  'spotify',
  'appleMusic',
  'bandcamp',
  'soundcloud',
  'youtube',
  'website',
  'instagram',
  'tiktok',
] as const;

export type LinkPlatform = (typeof LINK_PLATFORMS)[number];

export const LINK_PLATFORM_LABELS: Readonly<Record<LinkPlatform, string>> = {
  spotify: 'Spotify',
  appleMusic: 'Apple Music',
  bandcamp: 'Bandcamp',
  soundcloud: 'SoundCloud',
  youtube: 'YouTube',
  website: 'Official website',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** Longer input is refused before any parsing. */
export const MAX_LINK_LENGTH = 500;

export interface CanonicalLink {
  platform: LinkPlatform;
  /** The identity on the platform; (platform, key) is unique in the catalogue. */
  key: string;
  /** A clean https URL to store and show. */
  url: string;
}

export type CanonicalLinkResult = { ok: true; link: CanonicalLink } | { ok: false; message: string };

/** What each platform's link should point at, used in "This is not a ... link." */
const EXPECTED: Readonly<Record<LinkPlatform, string>> = {
  spotify: 'Spotify artist link',
  appleMusic: 'Apple Music artist link',
  bandcamp: 'Bandcamp artist page',
  soundcloud: 'SoundCloud profile link',
  youtube: 'YouTube channel link',
  website: 'website address',
  instagram: 'Instagram profile link',
  tiktok: 'TikTok profile link',
};

/** An example of the address to copy, shown when a link points at the wrong kind of page. */
const EXAMPLE: Readonly<Record<Exclude<LinkPlatform, 'website'>, string>> = {
  spotify: 'open.spotify.com/artist/…',
  appleMusic: 'music.apple.com/…/artist/…',
  bandcamp: 'name.bandcamp.com',
  soundcloud: 'soundcloud.com/name',
  youtube: 'youtube.com/@name',
  instagram: 'instagram.com/name',
  tiktok: 'tiktok.com/@name',
};

export const LINK_MESSAGES = {
  blank: 'Paste a link.',
  tooLong: `This link is too long (${MAX_LINK_LENGTH} characters at most).`,
  invalid: 'This is not a valid link.',
  scheme: 'Only web links (starting with https://) are accepted.',
  credentials: 'Links with a user name or password are not accepted.',
  port: 'Links with a port number are not accepted.',
  notWebsite: "Enter the artist's website address, for example https://example.com.",
} as const;

const fail = (message: string): CanonicalLinkResult => ({ ok: false, message });
const accept = (platform: LinkPlatform, key: string, url: string): CanonicalLinkResult => ({
  ok: true,
  link: { platform, key, url },
});

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

function notPlatformLink(platform: LinkPlatform): CanonicalLinkResult {
  return fail(`This is not ${article(EXPECTED[platform])} ${EXPECTED[platform]}.`);
}

/** "This is a Spotify track link, not an artist link. Open the artist's Spotify page and copy its link (...)." */
function wrongPage(platform: Exclude<LinkPlatform, 'website'>, what: string): CanonicalLinkResult {
  const label = LINK_PLATFORM_LABELS[platform];
  const wanted = EXPECTED[platform].slice(label.length + 1);
  const page = platform === 'youtube' ? 'channel' : 'page';
  return fail(
    `This is ${article(label)} ${label} ${what}, not ${article(wanted)} ${wanted}. ` +
      `Open the artist's ${label} ${page} and copy its link (${EXAMPLE[platform]}).`,
  );
}

function shortLink(platform: Exclude<LinkPlatform, 'website'>): CanonicalLinkResult {
  const label = LINK_PLATFORM_LABELS[platform];
  return fail(
    `Short ${label} links can't be checked. Open the link and copy the full address of the artist's page (${EXAMPLE[platform]}).`,
  );
}

interface ParsedLink {
  /** Lower-case host without a trailing dot. */
  host: string;
  /** Host without a leading "www." or "m.". */
  bareHost: string;
  /** Decoded, non-empty path segments. */
  segments: string[];
  url: URL;
}

type Parsed = { ok: true; parsed: ParsedLink } | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):(.?)/i;
const SPOTIFY_URI = /^spotify:([a-z]+):(.*)$/i;

function parseLink(raw: string): Parsed {
  const text = raw.trim();
  if (!text) return { ok: false, message: LINK_MESSAGES.blank };
  if (text.length > MAX_LINK_LENGTH) return { ok: false, message: LINK_MESSAGES.tooLong };
  // The URL parser silently removes tabs and newlines ("java\nscript:"); refuse them instead.
  if (/[\s\p{Cc}]/u.test(text)) return { ok: false, message: LINK_MESSAGES.invalid };

  let candidate = text;
  const scheme = SCHEME.exec(text);
  if (text.startsWith('//')) candidate = `https:${text}`;
  else if (scheme && !/\d/.test(scheme[2] ?? '')) {
    // "javascript:", "data:", "mailto:"... ("open.spotify.com:443/..." is a host and port, not a scheme).
    if (!/^https?$/i.test(scheme[1] ?? '')) return { ok: false, message: LINK_MESSAGES.scheme };
  } else candidate = `https://${text}`;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: LINK_MESSAGES.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: LINK_MESSAGES.scheme };
  if (url.username || url.password) return { ok: false, message: LINK_MESSAGES.credentials };
  if (url.port) return { ok: false, message: LINK_MESSAGES.port };

  const host = url.hostname.replace(/\.$/, '');
  if (!host) return { ok: false, message: LINK_MESSAGES.invalid };
  let segments: string[];
  try {
    segments = url.pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return { ok: false, message: LINK_MESSAGES.invalid };
  }
  return { ok: true, parsed: { host, bareHost: host.replace(/^(?:www|m)\.(?=.+\..+)/, ''), segments, url } };
}

const HOSTS: ReadonlyArray<readonly [Exclude<LinkPlatform, 'website'>, (host: string) => boolean]> = [
  ['spotify', (h) => h === 'spotify.com' || h.endsWith('.spotify.com') || h === 'spotify.link'],
  [
    'appleMusic',
    (h) => h === 'music.apple.com' || h.endsWith('.music.apple.com') || h === 'itunes.apple.com' || h === 'apple.co',
  ],
  ['bandcamp', (h) => h === 'bandcamp.com' || h.endsWith('.bandcamp.com')],
  ['soundcloud', (h) => h === 'soundcloud.com' || h.endsWith('.soundcloud.com') || h === 'snd.sc'],
  ['youtube', (h) => h === 'youtube.com' || h.endsWith('.youtube.com') || h === 'youtu.be'],
  ['instagram', (h) => h === 'instagram.com' || h.endsWith('.instagram.com') || h === 'instagr.am'],
  ['tiktok', (h) => h === 'tiktok.com' || h.endsWith('.tiktok.com')],
];

function platformOfHost(host: string): Exclude<LinkPlatform, 'website'> | undefined {
  return HOSTS.find(([, matches]) => matches(host))?.[0];
}

/**
 * The platform a pasted link belongs to, judged by its host (or a spotify: URI); undefined for any other
 * website or for text that is not a link. Lets the form say "paste it in the Instagram field".
 */
export function recogniseLinkPlatform(rawUrl: string): Exclude<LinkPlatform, 'website'> | undefined {
  if (SPOTIFY_URI.test(rawUrl.trim())) return 'spotify';
  const parsed = parseLink(rawUrl);
  return parsed.ok ? platformOfHost(parsed.parsed.bareHost) : undefined;
}

function wrongField(detected: Exclude<LinkPlatform, 'website'>, platform: LinkPlatform): CanonicalLinkResult {
  const right = LINK_PLATFORM_LABELS[detected];
  const field = platform === 'website' ? 'website' : LINK_PLATFORM_LABELS[platform];
  return fail(
    `This is ${article(right)} ${right} link, not ${article(field)} ${field} link. Paste it in the ${right} field.`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Spotify: open.spotify.com/artist/<22-char base62 id>, also /intl-xx/ and /embed/ paths and spotify:artist:.

const SPOTIFY_ID = /^[0-9A-Za-z]{22}$/;
const SPOTIFY_KINDS: Readonly<Record<string, string>> = {
  track: 'track link',
  album: 'album link',
  playlist: 'playlist link',
  show: 'podcast link',
  episode: 'podcast episode link',
  audiobook: 'audiobook link',
  chapter: 'audiobook link',
  user: 'user profile link',
  search: 'search link',
  genre: 'genre link',
  concert: 'concert link',
};

function spotifyId(kind: string, id: string | undefined): CanonicalLinkResult {
  if (kind !== 'artist') {
    const what = SPOTIFY_KINDS[kind];
    return what ? wrongPage('spotify', what) : notPlatformLink('spotify');
  }
  if (!id || !SPOTIFY_ID.test(id)) return notPlatformLink('spotify');
  return accept('spotify', id, `https://open.spotify.com/artist/${id}`);
}

function spotify(link: ParsedLink): CanonicalLinkResult {
  if (link.bareHost === 'spotify.link') return shortLink('spotify');
  if (link.bareHost !== 'open.spotify.com' && link.bareHost !== 'play.spotify.com') return notPlatformLink('spotify');
  const segments = link.segments.filter((s, i) => !(i === 0 && /^intl-[a-z]{2}(?:-[a-z]{2})?$/i.test(s)));
  if (segments[0] === 'embed') segments.shift();
  const [kind, id] = segments;
  return kind ? spotifyId(kind.toLowerCase(), id) : notPlatformLink('spotify');
}

// ---------------------------------------------------------------------------------------------------------
// Apple Music: music.apple.com/{storefront}/artist/{slug}/{id}, /artist/{id}; itunes.apple.com/.../id{id}.

const APPLE_ID = /^(?:id)?(\d{1,15})$/;
const APPLE_KINDS: Readonly<Record<string, string>> = {
  album: 'album link',
  song: 'song link',
  playlist: 'playlist link',
  'music-video': 'music video link',
  station: 'radio station link',
  curator: 'curator link',
  podcast: 'podcast link',
  search: 'search link',
};

function appleMusic(link: ParsedLink): CanonicalLinkResult {
  const host = link.bareHost;
  if (host === 'apple.co') return shortLink('appleMusic');
  if (host !== 'music.apple.com' && !host.endsWith('.music.apple.com') && host !== 'itunes.apple.com') {
    return notPlatformLink('appleMusic');
  }
  const segments = [...link.segments];
  const storefront = /^[a-z]{2}$/i.test(segments[0] ?? '') ? (segments.shift() ?? '').toLowerCase() : 'us';
  const kind = (segments.shift() ?? '').toLowerCase();
  if (kind !== 'artist') {
    const what = APPLE_KINDS[kind];
    return what ? wrongPage('appleMusic', what) : notPlatformLink('appleMusic');
  }
  // /artist/{slug}/{id} or /artist/{id}, possibly followed by a sub-page (/see-all?section=...). The slug
  // itself can be numeric ("311"), so an id in second place wins over one in first place.
  const id = APPLE_ID.exec(segments[1] ?? '')?.[1] ?? APPLE_ID.exec(segments[0] ?? '')?.[1];
  if (!id) return notPlatformLink('appleMusic');
  return accept('appleMusic', id, `https://music.apple.com/${storefront}/artist/${id}`);
}

// ---------------------------------------------------------------------------------------------------------
// Bandcamp: <name>.bandcamp.com; album and track pages name the same account.

const BANDCAMP_RESERVED = new Set(['daily', 'blog', 'get', 'help', 'api', 'support']);

function bandcamp(link: ParsedLink): CanonicalLinkResult {
  const host = link.bareHost;
  if (host === 'bandcamp.com') {
    return fail(
      `This is a Bandcamp home or fan page, not an artist page. Paste the artist's page (${EXAMPLE.bandcamp}).`,
    );
  }
  const name = host.endsWith('.bandcamp.com') ? host.slice(0, -'.bandcamp.com'.length) : '';
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name) || BANDCAMP_RESERVED.has(name)) return notPlatformLink('bandcamp');
  return accept('bandcamp', name, `https://${name}.bandcamp.com`);
}

// ---------------------------------------------------------------------------------------------------------
// SoundCloud: soundcloud.com/<handle>; /tracks, /sets/..., /albums and track pages name the same account.

const SOUNDCLOUD_RESERVED = new Set([
  'discover',
  'stream',
  'search',
  'upload',
  'you',
  'charts',
  'pages',
  'settings',
  'messages',
  'notifications',
  'people',
  'tags',
  'terms-of-use',
  'jobs',
  'imprint',
  'mobile',
  'pro',
  'for',
  'stations',
  'feed',
  'signin',
  'logout',
  'popular',
  'explore',
  'tracks',
  'playlists',
  'artists',
  'creators',
]);

function soundcloud(link: ParsedLink): CanonicalLinkResult {
  const host = link.bareHost;
  if (host === 'on.soundcloud.com' || host === 'snd.sc') return shortLink('soundcloud');
  if (host !== 'soundcloud.com') return notPlatformLink('soundcloud');
  const handle = (link.segments[0] ?? '').toLowerCase();
  if (!/^[a-z0-9_-]+$/.test(handle) || SOUNDCLOUD_RESERVED.has(handle)) return notPlatformLink('soundcloud');
  return accept('soundcloud', handle, `https://soundcloud.com/${handle}`);
}

// ---------------------------------------------------------------------------------------------------------
// YouTube: /channel/UC<22>, /@handle, /c/name, /user/name (and legacy youtube.com/name custom URLs).
// Keys keep the form ("UC...", "@handle", "c/name", "user/name"): one channel reached through two forms
// has two keys, because telling them apart needs YouTube's API.

const YOUTUBE_CHANNEL_ID = /^UC[0-9A-Za-z_-]{22}$/;
const YOUTUBE_HANDLE = /^[\p{L}\p{N}._-]{3,30}$/u;
const YOUTUBE_NAME = /^[\p{L}\p{N}._-]{1,100}$/u;
const YOUTUBE_KINDS: Readonly<Record<string, string>> = {
  watch: 'video link',
  shorts: 'video link',
  embed: 'video link',
  live: 'video link',
  v: 'video link',
  clip: 'video link',
  playlist: 'playlist link',
  results: 'search link',
  hashtag: 'hashtag link',
  post: 'post link',
};
const YOUTUBE_RESERVED = new Set([
  'feed',
  'about',
  'account',
  'gaming',
  'premium',
  'kids',
  'music',
  'redirect',
  'signin',
  'logout',
  'upload',
  'howyoutubeworks',
  'creators',
  'ads',
  'yt',
  't',
  's',
  'attribution_link',
  'podcasts',
  'sports',
  'news',
  'trending',
  'store',
  'movies',
  'browse',
]);

function youtubeHandle(handle: string): CanonicalLinkResult {
  if (!YOUTUBE_HANDLE.test(handle)) return notPlatformLink('youtube');
  const lower = handle.toLowerCase();
  return accept('youtube', `@${lower}`, `https://www.youtube.com/@${encodeURIComponent(lower)}`);
}

function youtube(link: ParsedLink): CanonicalLinkResult {
  const host = link.bareHost;
  if (host === 'youtu.be') return wrongPage('youtube', 'video link');
  if (host !== 'youtube.com' && host !== 'music.youtube.com') return notPlatformLink('youtube');
  const [first = '', second = ''] = link.segments;
  if (first.startsWith('@')) return youtubeHandle(first.slice(1));
  const kind = first.toLowerCase();
  // YouTube Music artist pages: music.youtube.com/channel/UC... or /browse/UC...
  if (kind === 'channel' || (kind === 'browse' && host === 'music.youtube.com')) {
    if (!YOUTUBE_CHANNEL_ID.test(second)) return notPlatformLink('youtube');
    return accept('youtube', second, `https://www.youtube.com/channel/${second}`);
  }
  if (kind === 'c' || kind === 'user') {
    if (!YOUTUBE_NAME.test(second)) return notPlatformLink('youtube');
    const name = second.toLowerCase();
    return accept('youtube', `${kind}/${name}`, `https://www.youtube.com/${kind}/${encodeURIComponent(name)}`);
  }
  const what = YOUTUBE_KINDS[kind];
  if (what) return wrongPage('youtube', what);
  // Legacy custom URLs without /c/ (youtube.com/Name) are the same as /c/Name.
  if (!first || YOUTUBE_RESERVED.has(kind) || !YOUTUBE_NAME.test(first)) return notPlatformLink('youtube');
  return accept('youtube', `c/${kind}`, `https://www.youtube.com/c/${encodeURIComponent(kind)}`);
}

// ---------------------------------------------------------------------------------------------------------
// Instagram: instagram.com/<handle> (also /_u/<handle>); posts, reels and stories are refused.

const INSTAGRAM_HANDLE = /^[a-z0-9._]{1,30}$/;
const INSTAGRAM_POSTS = new Set(['p', 'reel', 'reels', 'tv', 'stories']);
const INSTAGRAM_RESERVED = new Set([
  'explore',
  'accounts',
  'direct',
  'about',
  'legal',
  'developer',
  'web',
  'challenge',
  'emails',
  'session',
  'oauth',
  'api',
  'static',
  'ar',
  'topics',
  'privacy',
]);

function instagramHandle(raw: string): CanonicalLinkResult {
  const handle = raw.toLowerCase();
  if (!INSTAGRAM_HANDLE.test(handle) || INSTAGRAM_RESERVED.has(handle) || INSTAGRAM_POSTS.has(handle)) {
    return notPlatformLink('instagram');
  }
  return accept('instagram', handle, `https://www.instagram.com/${handle}`);
}

function instagram(link: ParsedLink): CanonicalLinkResult {
  if (link.bareHost !== 'instagram.com' && link.bareHost !== 'instagr.am') return notPlatformLink('instagram');
  const [first = '', second = ''] = link.segments;
  const kind = first.toLowerCase();
  if (INSTAGRAM_POSTS.has(kind)) return wrongPage('instagram', kind === 'stories' ? 'story' : 'post');
  return instagramHandle(kind === '_u' ? second : first);
}

// ---------------------------------------------------------------------------------------------------------
// TikTok: tiktok.com/@handle; a video page (/@handle/video/<id>) names the same account.

const TIKTOK_HANDLE = /^[a-z0-9._]{2,24}$/;

function tiktokHandle(raw: string): CanonicalLinkResult {
  const handle = raw.toLowerCase();
  if (!TIKTOK_HANDLE.test(handle)) return notPlatformLink('tiktok');
  return accept('tiktok', handle, `https://www.tiktok.com/@${handle}`);
}

function tiktok(link: ParsedLink): CanonicalLinkResult {
  const host = link.bareHost;
  if (host === 'vm.tiktok.com' || host === 'vt.tiktok.com') return shortLink('tiktok');
  if (host !== 'tiktok.com') return notPlatformLink('tiktok');
  const [first = ''] = link.segments;
  if (first === 't') return shortLink('tiktok');
  if (!first.startsWith('@')) return notPlatformLink('tiktok');
  return tiktokHandle(first.slice(1));
}

// ---------------------------------------------------------------------------------------------------------
// Official website: any public web address. Key: https + host without www + path without trailing slash,
// no query or fragment. The stored URL keeps "www." (some sites only answer there) but is otherwise the key.

const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function website(link: ParsedLink): CanonicalLinkResult {
  const host = link.host;
  const labels = host.split('.');
  const isIp = /^\d+(?:\.\d+){3}$/.test(host) || host.startsWith('[');
  if (isIp || labels.length < 2 || !TLD.test(labels[labels.length - 1] ?? '')) return fail(LINK_MESSAGES.notWebsite);
  if (labels.some((label) => !/^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/.test(label)))
    return fail(LINK_MESSAGES.notWebsite);
  const path = link.url.pathname.replace(/\/+$/, '');
  return accept('website', `https://${host.replace(/^www\./, '')}${path}`, `https://${host}${path}`);
}

const CANONICALISERS: Readonly<Record<LinkPlatform, (link: ParsedLink) => CanonicalLinkResult>> = {
  spotify,
  appleMusic,
  bandcamp,
  soundcloud,
  youtube,
  website,
  instagram,
  tiktok,
};

/**
 * Canonicalises a link pasted into the `platform` field of the Link Hub. Refused with a user-facing message:
 * blank or overlong input, non-web schemes (javascript:, data:), credentials, ports, hosts of another
 * platform ("This is an Instagram link, not a Spotify link. Paste it in the Instagram field."), pages that
 * do not name the artist (tracks, albums, videos, posts) and short links that would need a network call.
 * Bare handles are accepted where the platform uses them: "@name" for YouTube, Instagram and TikTok.
 */
export function canonicalLink(platform: LinkPlatform, rawUrl: string): CanonicalLinkResult {
  const text = rawUrl.trim();
  if (text.length > MAX_LINK_LENGTH) return fail(LINK_MESSAGES.tooLong);

  const uri = SPOTIFY_URI.exec(text);
  if (uri) {
    if (platform !== 'spotify') return wrongField('spotify', platform);
    return spotifyId((uri[1] ?? '').toLowerCase(), uri[2]);
  }

  const bareHandle = /^@([^/?#@\s]+)$/.exec(text)?.[1];
  if (bareHandle !== undefined) {
    if (platform === 'youtube') return youtubeHandle(bareHandle);
    if (platform === 'instagram') return instagramHandle(bareHandle);
    if (platform === 'tiktok') return tiktokHandle(bareHandle);
    return notPlatformLink(platform);
  }

  const parsed = parseLink(text);
  if (!parsed.ok) return fail(parsed.message);
  const detected = platformOfHost(parsed.parsed.bareHost);
  if (detected && detected !== platform) return wrongField(detected, platform);
  return CANONICALISERS[platform](parsed.parsed);
}
