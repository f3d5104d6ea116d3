import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TArtist } from '@app/contracts';
import { artist } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render-app';
import { problem, server, signIn } from '@/test/server';
import { findToast } from '@/test/toasts';

/** The profile of one artist, with no fan messages yet. */
function serveProfile(entry: TArtist) {
  server.use(
    http.get(`/api/artists/${entry.id}`, () => HttpResponse.json(entry)),
    http.get('/api/fan-messages', () => HttpResponse.json([])),
    // A fan's view: unclaimed, and not theirs to claim.
    http.get(`/api/artists/${entry.id}/claim`, () =>
      HttpResponse.json({ claimed: false, claimedByYou: false, yours: null, canClaim: false }),
    ),
  );
}

async function openProfile(entry: TArtist) {
  signIn();
  const app = await renderRoute(`/artist/${entry.id}`);
  await screen.findByRole('heading', { name: entry.name, level: 1 });
  return app;
}

const voteButton = () => screen.getByRole('button', { name: /^Vote/ });
const favoriteButton = () => screen.getByRole('button', { name: 'Favorite' });

describe('Profile parts (artist profile)', () => {
  it('shows the name, the story or its absence, who added it and when, and links that open a new tab', async () => {
    const owls = artist({
      links: [{ platform: 'spotify', url: 'https://open.spotify.com/artist/owls' }],
      recordLabel: 'Night Records',
    });
    serveProfile(owls);
    await openProfile(owls);
    expect(screen.getByText('Night Records')).toBeInTheDocument();
    expect(screen.getByText('No story has been told about The Midnight Owls yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Added By' }).parentElement).toHaveTextContent('Fan #7');
    expect(screen.getByRole('heading', { name: 'Date Added' }).parentElement).toHaveTextContent('November 23, 2026');
    const link = screen.getByRole('link', { name: /open\.spotify\.com\/artist\/owls/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAccessibleName(/opens in a new tab/);
    expect(await screen.findByText('No fan messages for The Midnight Owls yet.')).toBeInTheDocument();
  });

  it("an unknown artist is 'Artist Not Found' with a way back", async () => {
    server.use(http.get('/api/artists/nobody', () => problem(404, 'Artist not found')));
    signIn();
    await renderRoute('/artist/nobody');
    expect(await screen.findByRole('heading', { name: 'Artist Not Found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Artists/ })[0]).toHaveAttribute('href', '/artists');
  });
});

describe('Vote toggle', () => {
  it('a vote asks the server for "voted", then shows the pressed state and the count it answered', async () => {
    const owls = artist();
    serveProfile(owls);
    let body: unknown;
    server.use(
      http.post(`/api/artists/${owls.id}/vote`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ voted: true, voteCount: 13 });
      }),
    );
    const { user } = await openProfile(owls);
    expect(voteButton()).toHaveAttribute('aria-pressed', 'false');
    expect(voteButton()).toHaveTextContent('12 votes');

    await user.click(voteButton());
    await findToast('Vote added');
    expect(body).toEqual({ vote: true });
    expect(voteButton()).toHaveAttribute('aria-pressed', 'true');
    expect(voteButton()).toHaveTextContent('13 votes');
  });

  it('withdrawing a vote needs a confirmation: Keep My Vote sends nothing, Remove Vote withdraws it', async () => {
    const owls = artist({ userHasVoted: true, voteCount: 2 });
    serveProfile(owls);
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/artists/${owls.id}/vote`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ voted: false, voteCount: 1 });
      }),
    );
    const { user } = await openProfile(owls);
    await user.click(voteButton());
    let dialog = await screen.findByRole('dialog', { name: 'Remove your vote?' });
    expect(dialog).toHaveTextContent('the 1 PYL it earned is taken back');
    await user.click(within(dialog).getByRole('button', { name: 'Keep My Vote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(voteButton());
    dialog = await screen.findByRole('dialog', { name: 'Remove your vote?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Vote' }));
    await findToast('Vote removed');
    expect(bodies).toEqual([{ vote: false }]);
    expect(voteButton()).toHaveAttribute('aria-pressed', 'false');
    expect(voteButton()).toHaveTextContent('1 vote');
  });

  it('a refused vote leaves the button and the count as they were and says why', async () => {
    const owls = artist();
    serveProfile(owls);
    server.use(http.post(`/api/artists/${owls.id}/vote`, () => problem(401, 'Not signed in')));
    const { user } = await openProfile(owls);
    await user.click(voteButton());

    expect(await findToast('Authentication required')).toHaveTextContent('Please create an account to vote');
    expect(voteButton()).toHaveAttribute('aria-pressed', 'false');
    expect(voteButton()).toHaveTextContent('12 votes');
  });
});

describe('Favourite toggle', () => {
  it('is busy while the server answers, then pressed, and says so', async () => {
    const owls = artist();
    serveProfile(owls);
    let body: unknown;
    server.use(
      http.post(`/api/artists/${owls.id}/favorite`, async ({ request }) => {
        body = await request.json();
        await delay(150);
        return HttpResponse.json({ favorited: true });
      }),
    );
    const { user } = await openProfile(owls);
    expect(favoriteButton()).toHaveAttribute('aria-pressed', 'false');
    await user.click(favoriteButton());
    // One press at a time: a second click cannot send the opposite while the first is on its way.
    await waitFor(() => expect(favoriteButton()).toBeDisabled());

    await findToast('Added to favorites');
    expect(body).toEqual({ favorite: true });
    expect(favoriteButton()).toHaveAttribute('aria-pressed', 'true');
    expect(favoriteButton()).toBeEnabled();
  });

  it("un-favouriting asks for 'not favourite'; a failure keeps the heart as it was and shows the server's words", async () => {
    const owls = artist({ userHasFavorited: true });
    serveProfile(owls);
    let body: unknown;
    server.use(
      http.post(`/api/artists/${owls.id}/favorite`, async ({ request }) => {
        body = await request.json();
        return problem(503, 'Favourites are resting, try again in a minute');
      }),
    );
    const { user } = await openProfile(owls);
    await user.click(favoriteButton());

    expect(await findToast('Error')).toHaveTextContent('Favourites are resting, try again in a minute');
    expect(body).toEqual({ favorite: false });
    expect(favoriteButton()).toHaveAttribute('aria-pressed', 'true');
  });
});
