import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-app';
import { CAPTCHA_TOKEN, memberUser, problem, server } from '@/test/server';

async function openCreateAccount() {
  window.localStorage.setItem('selectedRole', 'fan');
  const app = await renderRoute('/create-account');
  await screen.findByRole('heading', { name: 'Create Your Account' });
  return app;
}

const submit = () => screen.getByRole('button', { name: /Create Account & Continue/ });

describe('Create account form', () => {
  it('sends a visitor without a chosen role to role selection', async () => {
    await renderRoute('/create-account');
    expect(await screen.findByRole('heading', { name: /Choose your role/i })).toBeInTheDocument();
  });

  it("shows the spec's messages on submit and sends nothing", async () => {
    let sent = false;
    server.use(http.post('/api/create-account', () => ((sent = true), HttpResponse.json({ userId: 'u' }))));
    const { user } = await openCreateAccount();
    await user.type(screen.getByLabelText(/^Email/), 'fran@example.com');
    await user.type(screen.getByLabelText(/^Confirm Email/), 'frank@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'shorter');
    await user.type(screen.getByLabelText(/^Zip Code/), '123');
    await user.click(submit());

    // The contract's check runs asynchronously after the click.
    await waitFor(() =>
      expect(screen.getByLabelText(/^Confirm Email/)).toHaveAccessibleDescription('Email addresses must match'),
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(screen.getByLabelText(/^Zip Code/)).toHaveAccessibleDescription('Please enter a valid zip code');
    expect(screen.getByLabelText(/^First Name/)).toBeInvalid();
    // The first invalid field takes the focus, so a keyboard user lands on what to fix.
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();
    expect(sent).toBe(false);
  });

  it('clears a shown error as soon as the field is fixed', async () => {
    const { user } = await openCreateAccount();
    await user.type(screen.getByLabelText(/^Password/), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'abcdefgx');
    await user.tab();
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription('Passwords must match');
    await user.type(screen.getByLabelText(/^Confirm Password/), '{Backspace}h');
    await waitFor(() => expect(screen.getByLabelText(/^Confirm Password/)).toBeValid());
  });

  it('Generate fills both password fields with the same 12-character password, shown', async () => {
    const { user } = await openCreateAccount();
    await user.click(screen.getByRole('button', { name: 'Generate password' }));
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    const confirm = screen.getByLabelText(/^Confirm Password/) as HTMLInputElement;
    expect(password.value).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
    expect(confirm.value).toBe(password.value);
    expect(password).toHaveAttribute('type', 'text');
  });

  it("shows the server's refusal as a toast and under the field it names", async () => {
    server.use(
      http.post('/api/create-account', () =>
        problem(409, 'An account with this email already exists', {
          fieldErrors: { email: ['An account with this email already exists'] },
        }),
      ),
    );
    const { user } = await openCreateAccount();
    await fillValidAccount(user);
    await user.click(submit());

    const toast = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toast).findByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('An account with this email already exists');
  });

  it('creates the account with the chosen role, says so and is busy while it finishes', async () => {
    let body: unknown;
    server.use(
      http.post('/api/create-account', async ({ request }) => {
        body = await request.json();
        // From now on the session is the new account's.
        server.use(
          http.get('/api/auth/check', () =>
            HttpResponse.json({ authenticated: true, user: memberUser({ paymentCompleted: false }) }),
          ),
        );
        return HttpResponse.json({ userId: 'user-9' });
      }),
    );
    const { user } = await openCreateAccount();
    await fillValidAccount(user);
    await user.click(submit());

    expect(await screen.findByText('Account Created & Logged In')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Creating Account/ })).toBeDisabled();
    expect(body).toEqual({
      firstName: 'Fran',
      lastName: 'Fan',
      email: 'fran@example.com',
      password: 'correct horse',
      zipCode: '90210',
      role: 'fan',
    });
  });
});

/** The Listener milestone recorded: the free membership is open. */
function listenerOpen() {
  server.use(
    http.get('/api/milestones', () =>
      HttpResponse.json({
        verifiedFans: 2,
        verifiedArtists: 1,
        milestones: [
          {
            id: 'listener-membership',
            threshold: 2,
            targets: { verifiedFans: 2, verifiedArtists: 1 },
            reachedAt: '2026-11-26T10:00:00.000Z',
          },
          {
            id: 'utility-token',
            threshold: 100_000,
            targets: { verifiedFans: 100_000, verifiedArtists: 100_000 },
            reachedAt: null,
          },
        ],
      }),
    ),
  );
}

describe('The Listener sign-up', () => {
  it('before the milestone, the card and the page lead to the waitlist and nothing can be sent', async () => {
    await renderRoute('/role-selection');
    const card = await screen.findByRole('group', { name: 'Listener' });
    expect(await within(card).findByText('Not yet open')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/waitlist');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();

    window.localStorage.setItem('selectedRole', 'listener');
    await renderRoute('/create-account');
    expect(await screen.findByRole('heading', { name: 'Not Yet Open' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Free Account' })).not.toBeInTheDocument();
  });

  it('once open, asks for the human check, sends it with the role, and goes to check the email', async () => {
    listenerOpen();
    let body: unknown;
    server.use(
      http.post('/api/create-account', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ userId: 'user-9', confirmationSentTo: 'fran@example.com' });
      }),
    );
    const { user } = await renderRoute('/role-selection');
    await user.click(await screen.findByRole('button', { name: 'Join Free as Listener' }));
    expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    await fillValidAccount(user);
    await user.click(screen.getByRole('button', { name: 'Create Free Account' }));
    expect(
      await screen.findByText('Please complete the human verification to join as a Listener.'),
    ).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Create Free Account' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Fran',
      lastName: 'Fan',
      email: 'fran@example.com',
      password: 'correct horse',
      zipCode: '90210',
      role: 'listener',
      recaptchaToken: CAPTCHA_TOKEN,
    });
  });
});

async function fillValidAccount(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
  await user.type(screen.getByLabelText(/^First Name/), 'Fran');
  await user.type(screen.getByLabelText(/^Last Name/), 'Fan');
  await user.type(screen.getByLabelText(/^Email/), 'fran@example.com');
  await user.type(screen.getByLabelText(/^Confirm Email/), 'fran@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'correct horse');
  await user.type(screen.getByLabelText(/^Zip Code/), '90210');
}
