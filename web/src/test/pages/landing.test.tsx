import { screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LANDING_SHELL_ID, LANDING_SHELL_SIGNED_IN_KEY, rememberSignedInForLandingShell } from '@/lib/landing-shell';
import { createQueryClient } from '@/lib/query-client';
import { authUserQueryOptions, ensureSession } from '@/lib/session/auth-user-query';
import { renderLandingShell } from '@/prerender/render-landing-shell';
import { renderRoute } from '@/test/render-app';
import { memberUser, server, signIn } from '@/test/server';
import gate from '../../../public/landing-shell-gate.js?raw';

// Issue #23: the landing page is prerendered into index.html (web/prerender-landing.ts) and painted
// before the app runs; the app then takes its place.

/** The live milestones still loading, as on a first paint. */
function milestonesPending() {
  server.use(http.get('/api/milestones', () => delay('infinite')));
}

/**
 * Markup as the browser holds it, without what differs only in writing: React's server output separates
 * adjacent texts with empty comments and writes styles without spaces; the app adds the toaster's
 * (empty) live region, which the shell leaves to it.
 */
function comparable(html: string): string {
  const host = document.createElement('div');
  host.innerHTML = html.replaceAll('<!-- -->', '');
  host.querySelector('section[aria-label^="Notifications"]')?.remove();
  host
    .querySelectorAll<HTMLElement>('[style]')
    .forEach((element) => element.setAttribute('style', element.style.cssText));
  return host.innerHTML;
}

describe('the prerendered landing page', () => {
  it('is the landing page the app renders for a visitor, element for element, so the swap is invisible', async () => {
    milestonesPending();
    const shell = await renderLandingShell();
    const { container } = await renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Claim Your Place in the Movement' });
    expect(comparable(container.innerHTML)).toBe(comparable(shell));
  });

  it('has the hero, its way in and no entrance animation that would hide it at first paint', async () => {
    const host = document.createElement('div');
    host.innerHTML = await renderLandingShell();
    expect(host.querySelector('h1')).toHaveTextContent('Claim Your Place in the Movement');
    expect(host.querySelector('a[href="/role-selection"]')).toHaveTextContent('Start Verification');
    expect(host.querySelector('a[href="/login"]')).toHaveTextContent('Log in');
    expect(host.querySelector('.animate-rise, .animate-fade-in')).toBeNull();
  });

  it('is removed once the app has rendered its first page', async () => {
    milestonesPending();
    const shell = document.createElement('div');
    shell.id = LANDING_SHELL_ID;
    document.body.prepend(shell);
    await renderRoute('/');
    expect(document.getElementById(LANDING_SHELL_ID)).toBeNull();
  });
});

describe('the landing shell gate (public/landing-shell-gate.js)', () => {
  function runGateAt(path: string): boolean {
    document.documentElement.classList.remove('no-landing-shell');
    window.history.replaceState(null, '', path);
    new Function(gate)();
    const hidden = document.documentElement.classList.contains('no-landing-shell');
    document.documentElement.classList.remove('no-landing-shell');
    window.history.replaceState(null, '', '/');
    return hidden;
  }

  it('shows the shell on "/" only', () => {
    expect(runGateAt('/')).toBe(false);
    expect(runGateAt('/login')).toBe(true);
    expect(runGateAt('/artists?tab=all')).toBe(true);
  });

  it('hides it from a visitor the app last saw signed in', () => {
    window.localStorage.setItem(LANDING_SHELL_SIGNED_IN_KEY, '1');
    expect(runGateAt('/')).toBe(true);
  });

  it('is told by the app whether the visitor is signed in, whatever set the session last', async () => {
    signIn(memberUser());
    const queryClient = createQueryClient();
    const stop = rememberSignedInForLandingShell(queryClient);
    try {
      await ensureSession(queryClient);
      expect(window.localStorage.getItem(LANDING_SHELL_SIGNED_IN_KEY)).toBe('1');
      expect(runGateAt('/')).toBe(true);
      // Signing out sets the session to no one without asking the api.
      queryClient.setQueryData(authUserQueryOptions().queryKey, null);
      expect(window.localStorage.getItem(LANDING_SHELL_SIGNED_IN_KEY)).toBeNull();
      expect(runGateAt('/')).toBe(false);
    } finally {
      stop();
    }
  });
});
