import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render-app';
import { problem, server } from '@/test/server';
import { findToast } from '@/test/toasts';

async function openLogin() {
  const app = await renderRoute('/login');
  await screen.findByRole('heading', { name: 'Log In' });
  return app;
}

describe('Log in form', () => {
  it("asks for a valid email and a password in the spec's words", async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toBeInvalid());
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
  });

  it("shows the server's refusal in a 'Login Failed' toast and lets the user try again", async () => {
    server.use(http.post('/api/login', () => problem(401, 'Invalid email or password')));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'fran@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    const toast = await findToast('Login Failed');
    expect(toast).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('signs in, says so and keeps the button busy until the redirect', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          user: { id: 'user-1', email: 'fran@example.com', paymentCompleted: true, role: 'fan', verified: true },
        });
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email/), 'fran@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    await findToast('Login Successful');
    expect(screen.getByRole('button', { name: /Logging In/ })).toBeDisabled();
    expect(sent).toEqual({ email: 'fran@example.com', password: 'correct horse' });
    expect(window.localStorage.getItem('selectedRole')).toBe('fan');
  });
});
