import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-app';
import { CAPTCHA_TOKEN, problem, server } from '@/test/server';
import { findToast } from '@/test/toasts';

async function openWaitlist() {
  const app = await renderRoute('/waitlist');
  await screen.findByRole('heading', { name: 'Join the Listener Waitlist' });
  return app;
}

type User = Awaited<ReturnType<typeof openWaitlist>>['user'];

const joinButton = () => screen.getByRole('button', { name: /Join the Waitlist/ });
const genres = () => screen.getByRole('group', { name: /Music Genres/ });
const methods = () => screen.getByRole('group', { name: /Preferred Contact Methods/ });

async function fillEverything(user: User) {
  await user.type(screen.getByLabelText(/^First Name/), 'Fran');
  await user.type(screen.getByLabelText(/^Last Name/), 'Fan');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'fran@example.com');
  await user.type(screen.getByLabelText(/^Country/), 'USA');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.click(within(genres()).getByRole('button', { name: 'Jazz' }));
  await user.click(within(methods()).getByLabelText('Email'));
  await user.click(await screen.findByLabelText("I'm not a robot"));
  await waitFor(() => expect(screen.getByLabelText("I'm not a robot")).toBeChecked());
}

describe('Waitlist form', () => {
  it("names every missing part in the spec's words and sends nothing", async () => {
    let sent = false;
    server.use(http.post('/api/waitlist', () => ((sent = true), HttpResponse.json({ ok: true }))));
    const { user } = await openWaitlist();
    await user.type(screen.getByLabelText(/^First Name/), 'Fran');
    await user.type(screen.getByLabelText(/^Last Name/), 'Fan');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'fran@example');
    await user.type(screen.getByLabelText(/^Country/), 'USA');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.click(joinButton());

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), '.com');
    await user.click(joinButton());
    expect(await screen.findByText('Please select at least one music genre')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one contact method')).toBeInTheDocument();
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('a genre is a toggle button, and choosing one clears the genre message', async () => {
    const { user } = await openWaitlist();
    await user.click(joinButton());
    await screen.findByText('Please select at least one music genre');
    const jazz = within(genres()).getByRole('button', { name: 'Jazz' });
    expect(jazz).toHaveAttribute('aria-pressed', 'false');
    await user.click(jazz);
    expect(jazz).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Please select at least one music genre')).not.toBeInTheDocument();
  });

  it('adds a custom genre with Enter, once, and removes it', async () => {
    const { user } = await openWaitlist();
    await user.type(screen.getByLabelText('Custom genre'), 'Shoegaze{Enter}');
    await user.type(screen.getByLabelText('Custom genre'), 'shoegaze{Enter}');
    const added = screen.getByRole('list', { name: 'Custom genres' });
    expect(within(added).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(added).getByRole('button', { name: 'Remove Shoegaze' }));
    expect(screen.queryByRole('list', { name: 'Custom genres' })).not.toBeInTheDocument();
  });

  it('joins with what was chosen, welcomes the user and empties the form', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/waitlist', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await openWaitlist();
    await fillEverything(user);
    await user.click(joinButton());

    expect(await findToast('Welcome to the waitlist!')).toHaveTextContent(
      "We'll notify you when the free Listener membership becomes available.",
    );
    expect(body).toMatchObject({
      firstName: 'Fran',
      country: 'USA',
      city: 'Austin',
      musicGenres: ['Jazz'],
      preferredContactMethods: ['Email'],
      recaptchaToken: CAPTCHA_TOKEN,
    });
    expect(body).not.toHaveProperty('state');
    expect(screen.getByLabelText(/^First Name/)).toHaveValue('');
    expect(within(genres()).getByRole('button', { name: 'Jazz' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("shows the server's refusal and asks for the check again", async () => {
    server.use(http.post('/api/waitlist', () => problem(400, 'That email address cannot receive mail')));
    const { user } = await openWaitlist();
    await fillEverything(user);
    await user.click(joinButton());

    expect(await findToast('Error')).toHaveTextContent('That email address cannot receive mail');
    expect(screen.getByLabelText("I'm not a robot")).not.toBeChecked();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Austin');
  });
});
