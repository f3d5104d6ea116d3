import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TArtist } from '@app/contracts';
import { artist } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render-app';
import { server, signIn } from '@/test/server';

const OWLS = artist();
const FOXES = artist({ id: 'artist-2', name: 'Jazz Foxes', genre: 'Jazz', voteCount: 1 });

/**
 * The artist lists as the api answers them: each tab filtered by the query's genre and q, so a test
 * sees what the page asked for by what it shows.
 */
function serveArtists(lists: { my?: TArtist[]; all?: TArtist[]; favorites?: TArtist[] }, asked: URL[] = []) {
  server.use(
    http.get('/api/artists/counts', () =>
      HttpResponse.json({
        my: lists.my?.length ?? 0,
        all: lists.all?.length ?? 0,
        favorites: lists.favorites?.length ?? 0,
      }),
    ),
    http.get('/api/artists/:tab', ({ request, params }) => {
      const url = new URL(request.url);
      asked.push(url);
      const genre = url.searchParams.get('genre');
      const q = url.searchParams.get('q')?.toLowerCase();
      const entries = (lists[params.tab as keyof typeof lists] ?? []).filter(
        (entry) => (!genre || entry.genre === genre) && (!q || entry.name.toLowerCase().includes(q)),
      );
      return HttpResponse.json(entries);
    }),
  );
  return asked;
}

async function openArtists(path = '/artists') {
  signIn();
  const app = await renderRoute(path);
  await screen.findByRole('heading', { name: 'Artists', level: 1 });
  return app;
}

const tabs = () => screen.getByRole('tablist', { name: 'Artist lists' });
const filters = () => screen.getByRole('search', { name: 'Filter artists' });

describe('Catalogue list page (artists)', () => {
  it('shows each tab with its count, All Artists first, each card linking to its profile', async () => {
    serveArtists({ all: [OWLS, FOXES], favorites: [FOXES] });
    await openArtists();
    expect(within(tabs()).getByRole('tab', { name: /All Artists.*2/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs()).getByRole('tab', { name: /Favorites.*1/ })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All Artists' });
    expect(within(list).getByRole('link', { name: 'The Midnight Owls' })).toHaveAttribute('href', '/artist/artist-1');
    expect(within(list).getByText('1 vote')).toBeInTheDocument();
    expect(within(list).getByText('12 votes')).toBeInTheDocument();
  });

  it('narrows the list by genre, offers to clear when nothing matches, and Clear brings all back', async () => {
    const asked = serveArtists({ all: [OWLS, FOXES] });
    const { user, router } = await openArtists();
    await screen.findByRole('list', { name: 'All Artists' });

    await user.selectOptions(within(filters()).getByLabelText('Genre'), 'Jazz');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'The Midnight Owls' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Jazz Foxes' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ genre: 'Jazz' });

    await user.selectOptions(within(filters()).getByLabelText('Genre'), 'Pop');
    expect(await screen.findByText('No artists match your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'The Midnight Owls' })).toBeInTheDocument();
    expect(within(filters()).getByLabelText('Genre')).toHaveValue('');
    // The server does the filtering: the page asked for each genre chosen.
    expect(asked.map((url) => url.searchParams.get('genre'))).toEqual(expect.arrayContaining(['Jazz', 'Pop']));
  });

  it('searches once typing pauses, and only from 2 letters', async () => {
    const asked = serveArtists({ all: [OWLS, FOXES] });
    const { user } = await openArtists();
    await screen.findByRole('list', { name: 'All Artists' });
    const box = within(filters()).getByLabelText('Search artists');

    await user.type(box, 'o');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(asked.every((url) => !url.searchParams.has('q'))).toBe(true);
    expect(within(filters()).getByRole('button', { name: 'Clear' })).toBeEnabled();

    await user.type(box, 'wl');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jazz Foxes' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'The Midnight Owls' })).toBeInTheDocument();
    // One request for the whole word, not one per letter.
    expect(asked.filter((url) => url.searchParams.has('q')).map((url) => url.searchParams.get('q'))).toEqual(['owl']);
  });

  it('an empty tab says what to do: My Artists offers Add Artist, Favorites offers browsing', async () => {
    serveArtists({ all: [OWLS] });
    const { user } = await openArtists('/artists?tab=my');
    expect(await screen.findByText("You haven't added any artists yet")).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Add Artist' })).toHaveAttribute('href', '/add-artist');
    expect(within(filters()).getByRole('button', { name: 'Clear' })).toBeDisabled();

    await user.click(within(tabs()).getByRole('tab', { name: /Favorites/ }));
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Browse All Artists' })).toBeInTheDocument();
  });

  it('a list that fails to load says so and Retry loads it again', async () => {
    let failing = true;
    serveArtists({ all: [OWLS] });
    server.use(
      http.get('/api/artists/all', () =>
        failing ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json([OWLS]),
      ),
    );
    const { user } = await openArtists();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Artists could not be loaded');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'The Midnight Owls' })).toBeInTheDocument();
  });
});
