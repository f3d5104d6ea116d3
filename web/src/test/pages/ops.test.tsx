import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TOpsDashboard } from '@app/contracts';
import { renderRoute } from '@/test/render-app';
import { memberUser, problem, server, signIn } from '@/test/server';

const notFound = () =>
  HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /api/ops/session' }, { status: 404 });

function dashboard(): TOpsDashboard {
  const days = Array.from({ length: 30 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 10, index - 3)).toISOString().slice(0, 10),
    signUps: index % 5,
    payments: index % 3,
    identityChecks: index === 29 ? 4 : 0,
  }));
  return {
    milestones: {
      verifiedFans: 1234,
      verifiedArtists: 56,
      target: 10_000,
      targets: { verifiedFans: 10_000, verifiedArtists: 10_000 },
    },
    days,
    consumers: [
      { name: 'identity-users', eventsBehind: 0, secondsBehind: 0 },
      { name: 'catalog-artists', eventsBehind: 12, secondsBehind: 1.5 },
    ],
    queues: [
      { name: 'projections', waiting: 0, active: 1, delayed: 0, failed: 0 },
      { name: 'email', waiting: null, active: null, delayed: null, failed: null },
    ],
    generatedAt: '2026-11-26T12:00:00.000Z',
  };
}

describe('Operators console (/ops)', () => {
  it("shows the app's 404 page to anyone the api does not know as an operator", async () => {
    signIn(memberUser());
    server.use(http.get('/api/ops/session', notFound));
    await renderRoute('/ops');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('sets up the authenticator: QR code and key, a code to confirm, then the recovery codes once', async () => {
    signIn(memberUser());
    let confirmed: unknown;
    server.use(
      http.get('/api/ops/session', () => HttpResponse.json({ secondFactor: 'enrol' })),
      http.post('/api/ops/second-factor/setup', () =>
        HttpResponse.json({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Payola%20Ops:op%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        }),
      ),
      http.post('/api/ops/second-factor/confirm', async ({ request }) => {
        confirmed = await request.json();
        if ((confirmed as { code: string }).code === '111111')
          return problem(400, 'That code is not right, or it was already used.');
        return HttpResponse.json({ recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] });
      }),
      http.get('/api/ops/dashboard', () => HttpResponse.json(dashboard())),
    );
    const { user } = await renderRoute('/ops');
    await screen.findByRole('heading', { name: 'Set up your second factor' });
    await user.click(screen.getByRole('button', { name: 'Set up authenticator' }));

    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const field = screen.getByLabelText(/Code from your authenticator app/);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('That code is not right, or it was already used.'));

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(confirmed).toEqual({ code: '123 456' });
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual(['abcde-fghij', 'klmno-pqrst']);

    await user.click(screen.getByRole('button', { name: 'I saved them, open the console' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('asks a new session for a code, or a recovery code', async () => {
    signIn(memberUser());
    let sent: unknown;
    server.use(
      http.get('/api/ops/session', () => HttpResponse.json({ secondFactor: 'verify' })),
      http.post('/api/ops/second-factor/verify', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ method: 'recovery-code', recoveryCodesLeft: 9 });
      }),
      http.get('/api/ops/dashboard', () => HttpResponse.json(dashboard())),
    );
    const { user } = await renderRoute('/ops');
    await screen.findByRole('heading', { name: "Confirm it's you" });
    await user.click(screen.getByRole('button', { name: /Use a recovery code/ }));
    await user.type(screen.getByLabelText(/Recovery code/), 'ABCDE-FGHIJ');
    await user.click(screen.getByRole('button', { name: 'Open the console' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toEqual({ recoveryCode: 'ABCDE-FGHIJ' });
  });

  it('shows the milestone counters, the charts, lag and queues, and links only to what exists', async () => {
    signIn(memberUser());
    server.use(
      http.get('/api/ops/session', () => HttpResponse.json({ secondFactor: 'passed' })),
      http.get('/api/ops/dashboard', () => HttpResponse.json(dashboard())),
    );
    await renderRoute('/ops');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const fans = await screen.findByRole('progressbar', { name: 'Verified fans toward 10,000' });
    expect(fans).toHaveAttribute('aria-valuenow', '1234');
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Identity checks: 4 in 30 days, 4 today/ })).toBeInTheDocument();
    const lag = screen.getByRole('table', { name: 'Projection lag per consumer' });
    expect(within(lag).getByRole('row', { name: /catalog-artists 12 1.5/ })).toBeInTheDocument();
    const queues = screen.getByRole('table', { name: 'Queue depths' });
    expect(within(queues).getByRole('row', { name: /email unknown unknown unknown unknown/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Members', 'Claims', 'Reports', 'Offers', 'Queues']);
  });
});
