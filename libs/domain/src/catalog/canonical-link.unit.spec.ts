import {
  canonicalLink,
  LINK_MESSAGES,
  LINK_PLATFORM_LABELS,
  LINK_PLATFORMS,
  MAX_LINK_LENGTH,
  recogniseLinkPlatform,
  type LinkPlatform,
} from './canonical-link.js';

type Accepted = [input: string, key: string, url: string];
type Refused = [input: string, message: string | RegExp];

const RADIOHEAD_SPOTIFY = '4Z8W4fKeB5YxbusRsdQVPb';
const RADIOHEAD_YOUTUBE = 'UCq19-LqvG35A-30oyAiPiqA';

const accepted: Record<LinkPlatform, Accepted[]> = {
  spotify: [
    [
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
    [
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}?si=Vh0bK2cMQTm9yXwFq3uJ6Q`,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
    [
      `open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
    [
      `http://OPEN.SPOTIFY.COM/artist/${RADIOHEAD_SPOTIFY}/`,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
    [
      'https://open.spotify.com/intl-de/artist/7w29UYBi0qsHi5RTcv3lmA?si=4aXyZ',
      '7w29UYBi0qsHi5RTcv3lmA',
      'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA',
    ],
    [
      'https://open.spotify.com/intl-pt-BR/artist/7w29UYBi0qsHi5RTcv3lmA',
      '7w29UYBi0qsHi5RTcv3lmA',
      'https://open.spotify.com/artist/7w29UYBi0qsHi5RTcv3lmA',
    ],
    [
      'spotify:artist:06HL4z0CvFAxyc27GXpf02',
      '06HL4z0CvFAxyc27GXpf02',
      'https://open.spotify.com/artist/06HL4z0CvFAxyc27GXpf02',
    ],
    [
      'https://open.spotify.com/embed/artist/4tZwfgrHOc3mvqYlEYSvVi?utm_source=generator',
      '4tZwfgrHOc3mvqYlEYSvVi',
      'https://open.spotify.com/artist/4tZwfgrHOc3mvqYlEYSvVi',
    ],
    [
      'https://play.spotify.com/artist/3WrFJ7ztbogyGnTHbHJFl2',
      '3WrFJ7ztbogyGnTHbHJFl2',
      'https://open.spotify.com/artist/3WrFJ7ztbogyGnTHbHJFl2',
    ],
    [
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}/discography/all`,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
    [
      `  //open.spotify.com/artist/${RADIOHEAD_SPOTIFY}  `,
      RADIOHEAD_SPOTIFY,
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
    ],
  ],
  appleMusic: [
    [
      'https://music.apple.com/us/artist/taylor-swift/159260351',
      '159260351',
      'https://music.apple.com/us/artist/159260351',
    ],
    [
      'https://music.apple.com/gb/artist/radiohead/657515?l=en-GB',
      '657515',
      'https://music.apple.com/gb/artist/657515',
    ],
    ['https://music.apple.com/artist/657515', '657515', 'https://music.apple.com/us/artist/657515'],
    ['music.apple.com/us/artist/657515', '657515', 'https://music.apple.com/us/artist/657515'],
    [
      'https://itunes.apple.com/us/artist/bj%C3%B6rk/id295015?uo=4',
      '295015',
      'https://music.apple.com/us/artist/295015',
    ],
    ['https://itunes.apple.com/artist/id295015', '295015', 'https://music.apple.com/us/artist/295015'],
    [
      'https://music.apple.com/jp/artist/yoasobi/1487951013/see-all?section=full-albums',
      '1487951013',
      'https://music.apple.com/jp/artist/1487951013',
    ],
    [
      'https://geo.music.apple.com/us/artist/311/4035426?app=music',
      '4035426',
      'https://music.apple.com/us/artist/4035426',
    ],
    [
      'HTTPS://MUSIC.APPLE.COM/US/artist/the-1975/422463767/',
      '422463767',
      'https://music.apple.com/us/artist/422463767',
    ],
  ],
  bandcamp: [
    ['https://radiohead.bandcamp.com', 'radiohead', 'https://radiohead.bandcamp.com'],
    ['https://mountaingoats.bandcamp.com/album/dark-in-here', 'mountaingoats', 'https://mountaingoats.bandcamp.com'],
    ['https://BIGTHIEF.bandcamp.com/track/not', 'bigthief', 'https://bigthief.bandcamp.com'],
    ['sigurros.bandcamp.com/music', 'sigurros', 'https://sigurros.bandcamp.com'],
    [
      'https://black-country-new-road.bandcamp.com/?from=hp',
      'black-country-new-road',
      'https://black-country-new-road.bandcamp.com',
    ],
    ['http://c418.bandcamp.com/album/minecraft-volume-alpha', 'c418', 'https://c418.bandcamp.com'],
    ['https://www.caroline.bandcamp.com/merch', 'caroline', 'https://caroline.bandcamp.com'],
  ],
  soundcloud: [
    ['https://soundcloud.com/flume', 'flume', 'https://soundcloud.com/flume'],
    ['https://soundcloud.com/Flume/tracks', 'flume', 'https://soundcloud.com/flume'],
    [
      'https://m.soundcloud.com/billieeilish/sets/dont-smile-at-me',
      'billieeilish',
      'https://soundcloud.com/billieeilish',
    ],
    [
      'https://soundcloud.com/kaytranada/kaytranada-be-careful?si=0f6b1c&utm_source=clipboard&utm_medium=text',
      'kaytranada',
      'https://soundcloud.com/kaytranada',
    ],
    ['http://www.soundcloud.com/odesza/', 'odesza', 'https://soundcloud.com/odesza'],
    ['soundcloud.com/fred-again/albums', 'fred-again', 'https://soundcloud.com/fred-again'],
    ['https://soundcloud.com/user-123456789', 'user-123456789', 'https://soundcloud.com/user-123456789'],
    ['https://soundcloud.com/four_tet/popular-tracks', 'four_tet', 'https://soundcloud.com/four_tet'],
  ],
  youtube: [
    ['https://www.youtube.com/@Radiohead', '@radiohead', 'https://www.youtube.com/@radiohead'],
    ['https://youtube.com/@taylorswift?si=AbC123xyz', '@taylorswift', 'https://www.youtube.com/@taylorswift'],
    ['https://m.youtube.com/@billieeilish/videos', '@billieeilish', 'https://www.youtube.com/@billieeilish'],
    ['@Radiohead', '@radiohead', 'https://www.youtube.com/@radiohead'],
    [
      `https://www.youtube.com/channel/${RADIOHEAD_YOUTUBE}`,
      RADIOHEAD_YOUTUBE,
      `https://www.youtube.com/channel/${RADIOHEAD_YOUTUBE}`,
    ],
    [
      `https://music.youtube.com/channel/${RADIOHEAD_YOUTUBE}?feature=share`,
      RADIOHEAD_YOUTUBE,
      `https://www.youtube.com/channel/${RADIOHEAD_YOUTUBE}`,
    ],
    [
      `https://music.youtube.com/browse/${RADIOHEAD_YOUTUBE}`,
      RADIOHEAD_YOUTUBE,
      `https://www.youtube.com/channel/${RADIOHEAD_YOUTUBE}`,
    ],
    [
      `youtube.com/channel/${RADIOHEAD_YOUTUBE}/featured`,
      RADIOHEAD_YOUTUBE,
      `https://www.youtube.com/channel/${RADIOHEAD_YOUTUBE}`,
    ],
    ['https://www.youtube.com/c/TaylorSwift', 'c/taylorswift', 'https://www.youtube.com/c/taylorswift'],
    ['https://www.youtube.com/user/radiohead/featured', 'user/radiohead', 'https://www.youtube.com/user/radiohead'],
    ['https://www.youtube.com/Drake', 'c/drake', 'https://www.youtube.com/c/drake'],
    [
      'https://www.youtube.com/@%E3%83%A8%E3%82%A2%E3%82%BD%E3%83%93',
      '@ヨアソビ',
      'https://www.youtube.com/@%E3%83%A8%E3%82%A2%E3%82%BD%E3%83%93',
    ],
  ],
  website: [
    ['https://www.radiohead.com/', 'https://radiohead.com', 'https://www.radiohead.com'],
    ['radiohead.com', 'https://radiohead.com', 'https://radiohead.com'],
    ['http://Taylorswift.COM/tour?utm_source=ig#dates', 'https://taylorswift.com/tour', 'https://taylorswift.com/tour'],
    ['https://linktr.ee/billieeilish', 'https://linktr.ee/billieeilish', 'https://linktr.ee/billieeilish'],
    ['https://www.bjork.com/Music/', 'https://bjork.com/Music', 'https://www.bjork.com/Music'],
    [
      'https://shop.example.co.uk/artists/the-band//',
      'https://shop.example.co.uk/artists/the-band',
      'https://shop.example.co.uk/artists/the-band',
    ],
    ['https://bjørk.example/', 'https://xn--bjrk-hra.example', 'https://xn--bjrk-hra.example'],
  ],
  instagram: [
    ['https://www.instagram.com/taylorswift/', 'taylorswift', 'https://www.instagram.com/taylorswift'],
    [
      'https://instagram.com/billieeilish?igsh=MWQ1ZGUxMzBkMA==',
      'billieeilish',
      'https://www.instagram.com/billieeilish',
    ],
    ['instagram.com/Radiohead', 'radiohead', 'https://www.instagram.com/radiohead'],
    ['https://www.instagram.com/arcticmonkeys/reels/', 'arcticmonkeys', 'https://www.instagram.com/arcticmonkeys'],
    ['https://m.instagram.com/bjork', 'bjork', 'https://www.instagram.com/bjork'],
    ['http://instagr.am/sza', 'sza', 'https://www.instagram.com/sza'],
    ['@TaylorSwift', 'taylorswift', 'https://www.instagram.com/taylorswift'],
    ['https://www.instagram.com/_u/dualipa', 'dualipa', 'https://www.instagram.com/dualipa'],
    ['https://www.instagram.com/the.1975/?hl=en', 'the.1975', 'https://www.instagram.com/the.1975'],
  ],
  tiktok: [
    ['https://www.tiktok.com/@taylorswift', 'taylorswift', 'https://www.tiktok.com/@taylorswift'],
    ['https://tiktok.com/@BillieEilish?lang=en', 'billieeilish', 'https://www.tiktok.com/@billieeilish'],
    [
      'https://www.tiktok.com/@dualipa/video/7312345678901234567?is_from_webapp=1&sender_device=pc',
      'dualipa',
      'https://www.tiktok.com/@dualipa',
    ],
    ['m.tiktok.com/@doja.cat', 'doja.cat', 'https://www.tiktok.com/@doja.cat'],
    ['http://www.tiktok.com/@lizzo/', 'lizzo', 'https://www.tiktok.com/@lizzo'],
    ['@Lizzo', 'lizzo', 'https://www.tiktok.com/@lizzo'],
    ['https://www.tiktok.com/@tame_impala?_t=8abc&_r=1', 'tame_impala', 'https://www.tiktok.com/@tame_impala'],
  ],
};

const refused: Record<LinkPlatform, Refused[]> = {
  spotify: [
    [
      'https://open.spotify.com/track/6rqhFgbbKwnb9MLmUQDhG6?si=1a2b3c',
      "This is a Spotify track link, not an artist link. Open the artist's Spotify page and copy its link (open.spotify.com/artist/…).",
    ],
    ['https://open.spotify.com/album/6dVIqQ8qmQ5GBnJ9shOYGE', /^This is a Spotify album link, not an artist link\./],
    [
      'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
      /^This is a Spotify playlist link, not an artist link\./,
    ],
    ['spotify:track:6rqhFgbbKwnb9MLmUQDhG6', /^This is a Spotify track link, not an artist link\./],
    ['https://open.spotify.com/user/spotify', /^This is a Spotify user profile link, not an artist link\./],
    ['https://spotify.link/AbCdEf123', /^Short Spotify links can't be checked\./],
    ['https://open.spotify.com/artist/4Z8W4fKeB5', 'This is not a Spotify artist link.'],
    ['https://www.spotify.com/us/premium/', 'This is not a Spotify artist link.'],
    [`https://spotify.example.com/artist/${RADIOHEAD_SPOTIFY}`, 'This is not a Spotify artist link.'],
    [
      'https://www.instagram.com/radiohead/',
      'This is an Instagram link, not a Spotify link. Paste it in the Instagram field.',
    ],
  ],
  appleMusic: [
    [
      'https://music.apple.com/us/album/1989-taylors-version/1708308989',
      /^This is an Apple Music album link, not an artist link\./,
    ],
    ['https://music.apple.com/us/song/anti-hero/1645937257', /^This is an Apple Music song link, not an artist link\./],
    [
      'https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
      /^This is an Apple Music playlist link/,
    ],
    ['https://apple.co/3xYzAbC', /^Short Apple Music links can't be checked\./],
    ['https://music.apple.com/us/artist/taylor-swift', 'This is not an Apple Music artist link.'],
    ['https://www.apple.com/apple-music/', 'This is not an Apple Music artist link.'],
    [`https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`, /^This is a Spotify link, not an Apple Music link\./],
  ],
  bandcamp: [
    ['https://bandcamp.com/', /^This is a Bandcamp home or fan page, not an artist page\./],
    ['https://bandcamp.com/somefan', /^This is a Bandcamp home or fan page/],
    ['https://daily.bandcamp.com/best-of-2023', 'This is not a Bandcamp artist page.'],
    ['https://radiohead.com/', 'This is not a Bandcamp artist page.'],
    ['https://shop.radiohead.bandcamp.com/', 'This is not a Bandcamp artist page.'],
    [
      'https://soundcloud.com/flume',
      'This is a SoundCloud link, not a Bandcamp link. Paste it in the SoundCloud field.',
    ],
  ],
  soundcloud: [
    ['https://on.soundcloud.com/AbC123xYz', /^Short SoundCloud links can't be checked\./],
    ['https://soundcloud.com/discover', 'This is not a SoundCloud profile link.'],
    ['https://soundcloud.com/', 'This is not a SoundCloud profile link.'],
    ['https://soundcloud.com/search?q=flume', 'This is not a SoundCloud profile link.'],
    ['https://api.soundcloud.com/users/12345', 'This is not a SoundCloud profile link.'],
    ['https://flume.bandcamp.com', 'This is a Bandcamp link, not a SoundCloud link. Paste it in the Bandcamp field.'],
  ],
  youtube: [
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      "This is a YouTube video link, not a channel link. Open the artist's YouTube channel and copy its link (youtube.com/@name).",
    ],
    ['https://youtu.be/dQw4w9WgXcQ?si=AbCd', /^This is a YouTube video link, not a channel link\./],
    ['https://www.youtube.com/shorts/abcdEFGhij0', /^This is a YouTube video link/],
    ['https://www.youtube.com/playlist?list=PLxA687tYuMWiWRjrHrfAMIUwoTLk5wVjg', /^This is a YouTube playlist link/],
    ['https://www.youtube.com/results?search_query=radiohead', /^This is a YouTube search link/],
    ['https://www.youtube.com/channel/notAnId', 'This is not a YouTube channel link.'],
    ['https://www.youtube.com/', 'This is not a YouTube channel link.'],
    ['https://www.youtube.com/@ab', 'This is not a YouTube channel link.'],
    [
      `spotify:artist:${RADIOHEAD_SPOTIFY}`,
      'This is a Spotify link, not a YouTube link. Paste it in the Spotify field.',
    ],
  ],
  website: [
    ['javascript:alert(1)', LINK_MESSAGES.scheme],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', LINK_MESSAGES.scheme],
    ['ftp://example.com/press-kit.zip', LINK_MESSAGES.scheme],
    ['mailto:band@example.com', LINK_MESSAGES.scheme],
    ['https://user:secret@example.com/', LINK_MESSAGES.credentials],
    ['https://example.com:8443/', LINK_MESSAGES.port],
    ['http://localhost/', LINK_MESSAGES.notWebsite],
    ['http://192.168.0.1/admin', LINK_MESSAGES.notWebsite],
    ['https://example.c0m/', LINK_MESSAGES.notWebsite],
    ['https://example.123/', LINK_MESSAGES.invalid],
    ['my band website', LINK_MESSAGES.invalid],
    [
      `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
      'This is a Spotify link, not a website link. Paste it in the Spotify field.',
    ],
    ['https://radiohead.bandcamp.com/', 'This is a Bandcamp link, not a website link. Paste it in the Bandcamp field.'],
  ],
  instagram: [
    [
      'https://www.instagram.com/p/C1a2b3c4D5e/',
      "This is an Instagram post, not a profile link. Open the artist's Instagram page and copy its link (instagram.com/name).",
    ],
    [
      'https://www.instagram.com/reel/C1a2b3c4D5e/?igsh=MzRlODBiNWFlZA==',
      /^This is an Instagram post, not a profile link\./,
    ],
    [
      'https://www.instagram.com/stories/taylorswift/3212345678901234567/',
      /^This is an Instagram story, not a profile link\./,
    ],
    ['https://www.instagram.com/explore/tags/music/', 'This is not an Instagram profile link.'],
    ['https://www.instagram.com/', 'This is not an Instagram profile link.'],
    ['https://www.instagram.com/not-a-handle!', 'This is not an Instagram profile link.'],
    [
      'https://www.tiktok.com/@taylorswift',
      'This is a TikTok link, not an Instagram link. Paste it in the TikTok field.',
    ],
  ],
  tiktok: [
    ['https://vm.tiktok.com/ZMabc123/', /^Short TikTok links can't be checked\./],
    ['https://www.tiktok.com/t/ZTRabc123/', /^Short TikTok links can't be checked\./],
    ['https://www.tiktok.com/tag/music', 'This is not a TikTok profile link.'],
    ['https://www.tiktok.com/taylorswift', 'This is not a TikTok profile link.'],
    ['https://www.tiktok.com/', 'This is not a TikTok profile link.'],
    ['https://www.tiktok.com/@a', 'This is not a TikTok profile link.'],
    [
      'https://www.instagram.com/lizzo',
      'This is an Instagram link, not a TikTok link. Paste it in the Instagram field.',
    ],
  ],
};

describe('canonicalLink', () => {
  describe.each(LINK_PLATFORMS)('%s', (platform) => {
    it.each(accepted[platform])('accepts %j', (input, key, url) => {
      expect(canonicalLink(platform, input)).toEqual({ ok: true, link: { platform, key, url } });
    });

    it.each(refused[platform])('refuses %j', (input, message) => {
      const result = canonicalLink(platform, input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    });

    it('gives back its own canonical URL unchanged (stored links re-validate)', () => {
      for (const [input] of accepted[platform]) {
        const first = canonicalLink(platform, input);
        if (!first.ok) throw new Error(`${input} was refused`);
        expect(canonicalLink(platform, first.link.url)).toEqual(first);
      }
    });

    it.each([
      ['blank', '   ', LINK_MESSAGES.blank],
      ['overlong', `https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`, LINK_MESSAGES.tooLong],
      ['javascript:', 'javascript:alert(document.cookie)', LINK_MESSAGES.scheme],
      ['JavaScript: in capitals', 'JavaScript:alert(1)', LINK_MESSAGES.scheme],
      ['data:', 'data:text/html,<script>alert(1)</script>', LINK_MESSAGES.scheme],
      ['a newline hidden in the scheme', 'java\nscript:alert(1)', LINK_MESSAGES.invalid],
      [
        'credentials',
        'https://admin:hunter2@open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb',
        LINK_MESSAGES.credentials,
      ],
      ['garbage', 'http://', LINK_MESSAGES.invalid],
    ])('refuses %s input', (_case, input, message) => {
      expect(canonicalLink(platform, input)).toEqual({ ok: false, message });
    });
  });

  it('gives one key to every way of pasting the same artist', () => {
    const pastes: [LinkPlatform, string[]][] = [
      [
        'spotify',
        [
          `spotify:artist:${RADIOHEAD_SPOTIFY}`,
          `open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`,
          `https://open.spotify.com/intl-fr/artist/${RADIOHEAD_SPOTIFY}?si=x`,
        ],
      ],
      ['instagram', ['@Radiohead', 'instagram.com/radiohead/', 'https://www.instagram.com/RADIOHEAD?igsh=abc']],
      ['website', ['radiohead.com', 'https://www.radiohead.com/', 'http://RADIOHEAD.com/?ref=ig#top']],
    ];
    for (const [platform, inputs] of pastes) {
      const keys = inputs.map((input) => {
        const result = canonicalLink(platform, input);
        return result.ok ? result.link.key : result.message;
      });
      expect(new Set(keys).size).toBe(1);
    }
  });

  it('keeps case-sensitive ids as they are', () => {
    const lower = canonicalLink('spotify', `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY.toLowerCase()}`);
    const real = canonicalLink('spotify', `https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`);
    expect(lower.ok && real.ok && lower.link.key !== real.link.key).toBe(true);
  });

  it('accepts a bare @handle only where the platform uses handles', () => {
    expect(canonicalLink('spotify', '@radiohead')).toEqual({
      ok: false,
      message: 'This is not a Spotify artist link.',
    });
    expect(canonicalLink('website', '@radiohead').ok).toBe(false);
  });
});

describe('recogniseLinkPlatform', () => {
  it.each([
    [`https://open.spotify.com/artist/${RADIOHEAD_SPOTIFY}`, 'spotify'],
    [`spotify:artist:${RADIOHEAD_SPOTIFY}`, 'spotify'],
    ['https://music.apple.com/us/artist/taylor-swift/159260351', 'appleMusic'],
    ['radiohead.bandcamp.com', 'bandcamp'],
    ['https://on.soundcloud.com/AbC123', 'soundcloud'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://www.instagram.com/p/C1a2b3c4D5e/', 'instagram'],
    ['https://vm.tiktok.com/ZMabc123/', 'tiktok'],
    ['https://www.radiohead.com', undefined],
    ['javascript:alert(1)', undefined],
    ['not a link', undefined],
  ])('%j -> %s', (input, platform) => {
    expect(recogniseLinkPlatform(input)).toBe(platform);
  });
});

describe('Link Hub platforms', () => {
  it('lists the eight inputs in the order of the spec, each with a label', () => {
    expect(LINK_PLATFORMS.map((p) => LINK_PLATFORM_LABELS[p])).toEqual([
      'Spotify',
      'Apple Music',
      'Bandcamp',
      'SoundCloud',
      'YouTube',
      'Official website',
      'Instagram',
      'TikTok',
    ]);
  });
});
