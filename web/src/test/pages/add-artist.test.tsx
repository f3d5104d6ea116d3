import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ARTIST_ATTESTATION, type TAddArtistResponse } from '@app/contracts';
import { artist } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render-app';
import { memberUser, problem, server, signIn } from '@/test/server';
import { findToast } from '@/test/toasts';

// These tests go through the /add-artist route and find everything by label or role, so they hold
// whichever components the page is made of.

const SPOTIFY = 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF';
const BANDCAMP = 'https://owls.bandcamp.com';

function serveAddArtist({ searchResults = [] as ReturnType<typeof artist>[] } = {}) {
  const searches: URL[] = [];
  server.use(
    http.get('/api/artists/reward-preview', () =>
      HttpResponse.json({ addArtist: 50, perLink: 5, verifyArtist: 25, fanMessage: 25 }),
    ),
    http.get('/api/artists/search', ({ request }) => {
      searches.push(new URL(request.url));
      return HttpResponse.json(searchResults.map((entry) => ({ ...entry, matchReasons: ['Similar name'] })));
    }),
  );
  return searches;
}

async function openAddArtist(user = memberUser()) {
  signIn(user);
  const app = await renderRoute('/add-artist');
  await screen.findByRole('heading', { name: 'Add an Amazing Artist!' });
  return app;
}

type User = Awaited<ReturnType<typeof openAddArtist>>['user'];

const submitButton = () => screen.getByRole('button', { name: /continue|ADD THIS AMAZING ARTIST|Adding Artist/ });
const rewards = () => screen.getByRole('region', { name: 'Potential Rewards' });

/** Pasted, as people do with links (typing key by key re-renders the whole form per letter). */
async function paste(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillRequired(user: User) {
  await paste(user, screen.getByLabelText(/^Artist Name/), 'The Midnight Owls');
  await user.selectOptions(screen.getByLabelText(/^Primary Genre/), 'Rock');
  await paste(user, screen.getByLabelText(/^Spotify/), SPOTIFY);
  await paste(user, screen.getByLabelText(/^Bandcamp/), BANDCAMP);
}

describe('Add artist flow', () => {
  it('the submit button says what is missing, in order, and counts the links', async () => {
    serveAddArtist();
    const { user } = await openAddArtist();
    expect(screen.getByText('Links: 0/8')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Add at least 2 profile links to continue');
    expect(submitButton()).toBeDisabled();

    await paste(user, screen.getByLabelText(/^Spotify/), SPOTIFY);
    await paste(user, screen.getByLabelText(/^Bandcamp/), BANDCAMP);
    expect(screen.getByText('Links: 2/8')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Complete required fields to continue');

    await paste(user, screen.getByLabelText(/^Artist Name/), 'The Midnight Owls');
    await user.selectOptions(screen.getByLabelText(/^Primary Genre/), 'Rock');
    expect(submitButton()).toHaveTextContent('ADD THIS AMAZING ARTIST!');
    // The attestation comes first.
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByLabelText(ARTIST_ATTESTATION));
    expect(submitButton()).toBeEnabled();
  });

  it('a link to the wrong kind of page is named at its input', async () => {
    serveAddArtist();
    const { user } = await openAddArtist();
    const spotify = screen.getByLabelText(/^Spotify/);
    await paste(user, spotify, 'https://open.spotify.com/track/6rqhFgbbKwnb9MLmUQDhG6');
    await user.tab();
    await waitFor(() =>
      expect(spotify).toHaveAccessibleDescription(/^This is a Spotify track link, not an artist link\./),
    );
    await user.clear(spotify);
    await paste(user, spotify, 'not a link at all');
    await user.tab();
    await waitFor(() => expect(spotify).toBeInvalid());
    await user.clear(spotify);
    await paste(user, spotify, SPOTIFY);
    await waitFor(() => expect(spotify).toBeValid());
  });

  it("Potential Rewards adds this fan's link reward and bonus into the total", async () => {
    serveAddArtist();
    const { user } = await openAddArtist();
    await paste(user, screen.getByLabelText(/^Spotify/), SPOTIFY);
    await paste(user, screen.getByLabelText(/^Bandcamp/), BANDCAMP);
    expect(within(rewards()).getByText('Link reward (2 × 5)')).toBeInTheDocument();
    expect(within(rewards()).getByText('Total').nextElementSibling).toHaveTextContent('60 PYL');

    await paste(user, screen.getByLabelText(/^SoundCloud/), 'https://soundcloud.com/owls');
    expect(within(rewards()).getByText('Total').nextElementSibling).toHaveTextContent('65 PYL');
  });

  it('a name the server already knows shows the existing artist, and "Is this them?" compares it', async () => {
    const searches = serveAddArtist({ searchResults: [artist({ genre: 'Rock', artistType: 'Band' })] });
    const { user } = await openAddArtist();
    await user.type(screen.getByLabelText(/^Artist Name/), 'Midnight Owls');

    const similar = await screen.findByRole('region', { name: 'Found 1 similar artist' });
    expect(within(similar).getByText('The Midnight Owls')).toBeInTheDocument();
    expect(searches.at(-1)?.searchParams.get('q')).toBe('Midnight Owls');

    await user.click(within(similar).getByRole('button', { name: /Is this them\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this the same artist?' });
    expect(within(dialog).getByText('The Midnight Owls')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /No, different artist/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(similar).getByRole('button', { name: /No, this is a different artist/ }));
    expect(screen.queryByRole('region', { name: /similar artist/ })).not.toBeInTheDocument();
  });

  it('adds the artist with the attestation and welcomes the founding fan', async () => {
    serveAddArtist();
    let body: { artist?: Record<string, unknown>; attested?: boolean } | undefined;
    server.use(
      http.post('/api/artists', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({
          id: 'artist-9',
          name: 'The Midnight Owls',
          fanNumber: 1,
          payola: { total: 60, lines: [{ rule: 'add-artist', amount: 60, description: 'for adding this artist' }] },
        } satisfies TAddArtistResponse);
      }),
    );
    const { user } = await openAddArtist();
    await fillRequired(user);
    await user.click(screen.getByLabelText(ARTIST_ATTESTATION));
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: "You're Fan #1!" });
    expect(dialog).toHaveTextContent('Founding Fan Forever!');
    expect(dialog).toHaveTextContent('+60');
    expect(within(dialog).getByRole('link', { name: /View Artists/ })).toHaveAttribute('href', '/artists');
    expect(body).toMatchObject({
      attested: true,
      artist: { name: 'The Midnight Owls', genre: 'Rock', spotifyUrl: SPOTIFY },
    });
  });

  it("a refused add shows the server's message and keeps what was typed", async () => {
    serveAddArtist();
    server.use(http.post('/api/artists', () => problem(409, 'This artist was just added by another fan')));
    const { user } = await openAddArtist();
    await fillRequired(user);
    await user.click(screen.getByLabelText(ARTIST_ATTESTATION));
    await user.click(submitButton());

    expect(await findToast('Error')).toHaveTextContent('This artist was just added by another fan');
    expect(screen.getByLabelText(/^Artist Name/)).toHaveValue('The Midnight Owls');
  });

  it('a fan who has not passed the identity check is sent to verify first, and nothing is added', async () => {
    serveAddArtist();
    let added = false;
    server.use(http.post('/api/artists', () => ((added = true), HttpResponse.json({}))));
    const { user } = await openAddArtist(memberUser({ verified: false, kycCompleted: false }));
    await fillRequired(user);
    await user.click(screen.getByLabelText(ARTIST_ATTESTATION));
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Verification Required' });
    expect(within(dialog).getByRole('link', { name: /Verif/ })).toHaveAttribute('href', '/kyc-launch');
    expect(added).toBe(false);
  });
});
