import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TAddVenueResponse, TConfirmVenueDuplicateResponse, TVenue } from '@app/contracts';
import { venue } from '@/test/catalog-fixtures';
import { renderRoute } from '@/test/render-app';
import { problem, server, signIn } from '@/test/server';
import { findToast } from '@/test/toasts';

// Through the /add-venue route, by label and role: these hold whichever components the page is made of.

function serveAddVenue({ searchResults = [] as TVenue[] } = {}) {
  server.use(
    http.get('/api/venues/reward-preview', () => HttpResponse.json({ addVenue: 100, confirmDuplicate: 25 })),
    http.get('/api/venues/search', () =>
      HttpResponse.json(searchResults.map((entry) => ({ ...entry, matchReasons: ['Similar name'] }))),
    ),
  );
}

async function openAddVenue() {
  signIn();
  const app = await renderRoute('/add-venue');
  await screen.findByRole('heading', { name: 'Add a Music Venue' });
  return app;
}

type User = Awaited<ReturnType<typeof openAddVenue>>['user'];

async function paste(user: User, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const addButton = () => screen.getByRole('button', { name: /Add Venue/ });

async function fillRequired(user: User) {
  await paste(user, screen.getByLabelText(/^Venue Name/), 'The Blue Room');
  await user.selectOptions(screen.getByLabelText(/^Venue Type/), 'Concert Hall');
  await paste(user, screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), 'TX');
}

describe('Add venue flow', () => {
  it('names each missing required field and sends nothing', async () => {
    serveAddVenue();
    let sent = false;
    server.use(http.post('/api/venues', () => ((sent = true), HttpResponse.json({}))));
    const { user } = await openAddVenue();
    expect(addButton()).toHaveTextContent('Add Venue & Earn 100 Payola! 🎉');
    await user.click(addButton());

    await waitFor(() =>
      expect(screen.getByLabelText(/^Venue Name/)).toHaveAccessibleDescription('Venue name is required'),
    );
    expect(screen.getByLabelText(/^City/)).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText(/^State/)).toHaveAccessibleDescription('State is required');
    expect(sent).toBe(false);
  });

  it('keeps at least one social link row, adds and removes rows', async () => {
    serveAddVenue();
    const { user } = await openAddVenue();
    expect(screen.getByRole('button', { name: 'Remove social link 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Add Social Link/ }));
    expect(screen.getByLabelText('Social link 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove social link 2' }));
    expect(screen.queryByLabelText('Social link 2')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Social link 1')).toBeInTheDocument();
  });

  it('adds the venue without the blank rows, and says it was added', async () => {
    serveAddVenue();
    let body: { venue?: Record<string, unknown> } & Record<string, unknown> = {};
    server.use(
      http.post('/api/venues', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({
          id: 'venue-9',
          name: 'The Blue Room',
          payola: { total: 100, lines: [{ rule: 'add-venue', amount: 100, description: 'for adding this venue' }] },
        } satisfies TAddVenueResponse);
      }),
    );
    const { user } = await openAddVenue();
    await fillRequired(user);
    await paste(user, screen.getByLabelText(/^Capacity/), '300');
    await user.click(screen.getByRole('button', { name: /Add Social Link/ }));
    await paste(user, screen.getByLabelText('Social link 2'), 'https://instagram.com/blueroom');
    await user.click(addButton());

    const dialog = await screen.findByRole('dialog', { name: 'Venue Added Successfully!' });
    expect(within(dialog).getByRole('link', { name: /View Venues/ })).toHaveAttribute('href', '/venues');
    const sent = (body.venue ?? body) as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'The Blue Room', city: 'Austin', state: 'TX', country: 'USA' });
    // Sent as typed; the api's contract reads it as a number (z.coerce).
    expect(Number(sent.capacity)).toBe(300);
    expect(sent.socialUrls).toEqual(['https://instagram.com/blueroom']);
  });

  it("a refused add shows 'Error adding venue' with the server's message", async () => {
    serveAddVenue();
    server.use(http.post('/api/venues', () => problem(409, 'A venue with this name is already in Austin')));
    const { user } = await openAddVenue();
    await fillRequired(user);
    await user.click(addButton());

    expect(await findToast('Error adding venue')).toHaveTextContent('A venue with this name is already in Austin');
    expect(screen.getByLabelText(/^Venue Name/)).toHaveValue('The Blue Room');
  });

  it('a venue already here is offered, and confirming it as the same earns the duplicate reward', async () => {
    const blueRoom = venue();
    serveAddVenue({ searchResults: [blueRoom] });
    let confirmed = false;
    server.use(
      http.post(`/api/venues/${blueRoom.id}/confirm-duplicate`, () => {
        confirmed = true;
        return HttpResponse.json({
          venueId: blueRoom.id,
          alreadyConfirmed: false,
          payola: { total: 25, lines: [{ rule: 'confirm', amount: 25, description: 'for confirming' }] },
        } satisfies TConfirmVenueDuplicateResponse);
      }),
    );
    const { user } = await openAddVenue();
    await user.type(screen.getByLabelText(/^Venue Name/), 'Blue Room');

    const similar = await screen.findByRole('region', { name: 'Found 1 similar venue' });
    await user.click(within(similar).getByRole('button', { name: /Is this it\?/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Duplicate' });
    expect(dialog).toHaveTextContent('+25 Payola');
    await user.click(within(dialog).getByRole('button', { name: "Yes, it's the same venue" }));

    expect(await findToast('Duplicate Confirmed! 🎉')).toHaveTextContent(
      'You earned 25 Payola for confirming this duplicate venue!',
    );
    await waitFor(() => expect(confirmed).toBe(true));
  });
});
