import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TOpsMember } from '@app/contracts';
import { renderRoute } from '@/test/render-app';
import { memberUser, problem, server, signIn } from '@/test/server';

const member: TOpsMember = {
  id: 'user-42',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Member',
  foundingFanNumber: 42,
  suspension: null,
};

/** An operator whose session passed the second factor, and a member who can be suspended and lifted. */
function operatorConsole() {
  signIn(memberUser());
  const sent: { path: string; body: unknown }[] = [];
  let current = member;
  server.use(
    http.get('/api/ops/session', () => HttpResponse.json({ secondFactor: 'passed' })),
    http.get('/api/ops/members', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q');
      return HttpResponse.json({ member: q === '#42' ? current : null });
    }),
    http.post('/api/ops/members/:id/:action', async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      sent.push({ path: `${String(params.id)}/${String(params.action)}`, body });
      if (body.reason === 'boom') return problem(409, 'This member is already suspended.');
      current =
        params.action === 'suspend'
          ? { ...member, suspension: { operatorId: 'op-1', operatorEmail: 'op@example.com', reason: body.reason } }
          : member;
      return HttpResponse.json(current);
    }),
  );
  return sent;
}

describe('Operators console: Members', () => {
  it('finds a member by fan number, suspends with a reason, shows it, and lifts', async () => {
    const sent = operatorConsole();
    const { user } = await renderRoute('/ops/members');
    await screen.findByRole('heading', { name: 'Members' });
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');

    await user.type(screen.getByLabelText(/Email or fan number/), '#42');
    await user.click(screen.getByRole('button', { name: 'Find member' }));
    await screen.findByRole('heading', { name: 'Sam Member' });
    expect(screen.getByText('Active')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suspend member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Sam Member' });
    const reason = within(dialog).getByLabelText(/^Reason/);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Give a reason'));
    expect(sent).toEqual([]);

    await user.type(reason, 'boom');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(expect.stringContaining('This member is already suspended.')),
    );

    await user.clear(reason);
    await user.type(reason, 'Spam in fan messages');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText('Spam in fan messages')).toBeInTheDocument();
    expect(screen.getByText('op@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Lift suspension' }));
    const lift = await screen.findByRole('dialog', { name: 'Lift the suspension of Sam Member' });
    await user.type(within(lift).getByLabelText(/^Reason/), 'Appeal accepted');
    await user.click(within(lift).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    expect(sent).toEqual([
      { path: 'user-42/suspend', body: { reason: 'boom' } },
      { path: 'user-42/suspend', body: { reason: 'Spam in fan messages' } },
      { path: 'user-42/lift', body: { reason: 'Appeal accepted' } },
    ]);
  });

  it('says so when nobody has the email or fan number', async () => {
    operatorConsole();
    const { user } = await renderRoute('/ops/members');
    await user.type(await screen.findByLabelText(/Email or fan number/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find member' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No member has the email or fan number');
  });
});
