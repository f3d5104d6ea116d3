// Runs in <head>, before the body is parsed (a classic script: the CSP allows no inline script).
// index.html carries the landing page prerendered (web/prerender-landing.ts) for a first visit
// to "/": it must not show on any other path, nor to a visitor the app last saw signed in (they are
// sent on to their home), so the document is marked and index.html's inline style hides it.
// The key is LANDING_SHELL_SIGNED_IN_KEY in web/src/lib/landing-shell.ts.
/* global location, document */
(function () {
  var hide = location.pathname !== '/';
  try {
    hide = hide || localStorage.getItem('payola.signedIn') === '1';
  } catch {
    // Storage refused (privacy settings): show the landing page, as for any visitor.
  }
  if (hide) document.documentElement.classList.add('no-landing-shell');
})();
