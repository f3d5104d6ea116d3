import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-app';
import { CAPTCHA_TOKEN, problem, server } from '@/test/server';
import { findToast } from '@/test/toasts';

async function openContact() {
  const app = await renderRoute('/contact');
  await screen.findByRole('heading', { name: 'Contact Us' });
  return app;
}

type User = Awaited<ReturnType<typeof openContact>>['user'];

async function fillMessage(user: User) {
  await user.type(screen.getByLabelText(/^First Name/), 'Fran');
  await user.type(screen.getByLabelText(/^Last Name/), 'Fan');
  await user.type(screen.getByLabelText(/^Email/), 'fran@example.com');
  await user.selectOptions(screen.getByLabelText(/^Your Role/), 'Music Fan');
  await user.type(screen.getByLabelText(/^Subject/), 'Press');
  await user.type(screen.getByLabelText(/^Message/), 'I would like to write about you.');
}

describe('Contact form', () => {
  it("shows the spec's messages for the role, subject and a short message", async () => {
    const { user } = await openContact();
    await user.type(screen.getByLabelText(/^Message/), 'Too short');
    await user.click(screen.getByRole('button', { name: /Send Message/ }));

    // The contract's check runs asynchronously after the click.
    await waitFor(() =>
      expect(screen.getByLabelText(/^Your Role/)).toHaveAccessibleDescription(
        'Please select your role in the music industry',
      ),
    );
    expect(screen.getByLabelText(/^Subject/)).toHaveAccessibleDescription('Subject is required');
    expect(screen.getByLabelText(/^Message/)).toHaveAccessibleDescription(
      'Message must be at least 10 characters long',
    );
  });

  it("'Other (please specify)' asks for the role in words and moves the cursor there", async () => {
    const { user } = await openContact();
    expect(screen.queryByLabelText(/^Please specify your role/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Your Role/), 'Other (please specify)');
    expect(await screen.findByLabelText(/^Please specify your role/)).toHaveFocus();
  });

  it('refuses to send before the human check and says why', async () => {
    let sent = false;
    server.use(http.post('/api/contact', () => ((sent = true), HttpResponse.json({ ok: true }))));
    const { user } = await openContact();
    await fillMessage(user);
    await user.click(screen.getByRole('button', { name: /Send Message/ }));

    expect(await findToast('Verification Required')).toHaveTextContent('Please complete the reCAPTCHA verification.');
    expect(sent).toBe(false);
  });

  it('sends the message with the check token, thanks the user and clears the form', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/contact', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await openContact();
    await fillMessage(user);
    await user.click(await screen.findByLabelText("I'm not a robot"));
    await waitFor(() => expect(screen.getByLabelText("I'm not a robot")).toBeChecked());
    await user.click(screen.getByRole('button', { name: /Send Message/ }));

    expect(await findToast('Message sent successfully!')).toHaveTextContent(
      "We'll get back to you as soon as possible.",
    );
    expect(body).toMatchObject({ role: 'fan', subject: 'Press', recaptchaToken: CAPTCHA_TOKEN });
    expect(body).not.toHaveProperty('phone');
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('');
    expect(screen.getByLabelText("I'm not a robot")).not.toBeChecked();
  });

  it("shows the server's message when sending fails, and the check must be done again", async () => {
    server.use(http.post('/api/contact', () => problem(429, 'Too many messages. Try again in an hour.')));
    const { user } = await openContact();
    await fillMessage(user);
    await user.click(await screen.findByLabelText("I'm not a robot"));
    await waitFor(() => expect(screen.getByLabelText("I'm not a robot")).toBeChecked());
    await user.click(screen.getByRole('button', { name: /Send Message/ }));

    expect(await findToast('Error')).toHaveTextContent('Too many messages. Try again in an hour.');
    expect(screen.getByLabelText("I'm not a robot")).not.toBeChecked();
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Press');
  });
});
