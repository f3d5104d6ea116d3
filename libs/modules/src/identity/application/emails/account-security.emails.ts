import { escapeHtml, type TEmailMessage } from '@app/platform';

interface SecurityEmail {
  to: string;
  subject: string;
  heading: string;
  firstName: string;
  /** Plain sentences; escaped for the HTML part. */
  paragraphs: string[];
  button?: { label: string; href: string };
  footer: string;
}

/** The password-reset email's look, for the other emails about the account's sign-in details. */
function securityEmail({ to, subject, heading, firstName, paragraphs, button, footer }: SecurityEmail): TEmailMessage {
  const greeting = `Hi ${firstName || 'there'},`;
  const rows = [greeting, ...paragraphs]
    .map(
      (p) => `<tr><td style="padding-top:12px;font-size:16px;line-height:1.6;color:#c9c9d6">${escapeHtml(p)}</td></tr>`,
    )
    .join('\n        ');
  const href = button && escapeHtml(button.href);
  const buttonRows = button
    ? `<tr><td style="padding-top:24px"><a href="${href}" style="display:inline-block;background:#ff3d8b;color:#0b0b12;font-weight:700;text-decoration:none;padding:14px 24px;border-radius:999px">${escapeHtml(button.label)}</a></td></tr>
        <tr><td style="padding-top:24px;font-size:13px;line-height:1.6;color:#9a9aab">If the button does not work, paste this link into your browser:<br><a href="${href}" style="color:#ff8fbd;word-break:break-all">${href}</a></td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0b0b12;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#f4f4f7">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0b12;padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#161622;border-radius:16px;padding:32px">
        <tr><td style="font-size:22px;font-weight:800;letter-spacing:-0.02em;color:#ff3d8b">Payola</td></tr>
        <tr><td style="padding-top:20px;font-size:24px;font-weight:700">${escapeHtml(heading)}</td></tr>
        ${rows}
        ${buttonRows}
        <tr><td style="padding-top:24px;font-size:13px;color:#9a9aab">${escapeHtml(footer)}</td></tr>
      </table>
    </td></tr>
  </table>
</body></html>`;
  const text = [greeting, '', ...paragraphs, ...(button ? ['', button.href] : []), '', footer, '', 'Payola'].join('\n');
  return { to, subject, html, text };
}

const NOT_YOU =
  "Didn't ask for this? Someone may know your password: reset it now from the login page (Forgot your password?), which also cancels this change.";

/** To the new address: the link that makes it the account's email. */
export function confirmNewEmailEmail(to: string, firstName: string, link: string): TEmailMessage {
  return securityEmail({
    to,
    subject: 'Confirm your new Payola email address',
    heading: 'Confirm your new email address',
    firstName,
    paragraphs: [
      'You asked to use this address to sign in to Payola. Open the link to confirm it: it works once and expires in 24 hours.',
      'Until you do, your account keeps its current email address.',
    ],
    button: { label: 'Confirm email address', href: link },
    footer: "Didn't ask for this? Ignore this email; nothing changes.",
  });
}

/** To the current address, when a change is asked for: it can still be stopped. */
export function emailChangeRequestedEmail(to: string, firstName: string, newEmail: string): TEmailMessage {
  return securityEmail({
    to,
    subject: 'Your Payola email address is being changed',
    heading: 'Your email address is being changed',
    firstName,
    paragraphs: [
      `Someone signed in to your Payola account asked to change its email address from ${to} to ${newEmail}, and entered your password.`,
      'The change takes effect only when the link we sent to the new address is opened.',
    ],
    footer: NOT_YOU,
  });
}

/** To the previous address, once the new one confirmed. */
export function emailChangedEmail(to: string, firstName: string, newEmail: string): TEmailMessage {
  return securityEmail({
    to,
    subject: 'Your Payola email address was changed',
    heading: 'Your email address was changed',
    firstName,
    paragraphs: [
      `Your Payola account now signs in with ${newEmail} instead of ${to}. Emails about your account go there from now on.`,
    ],
    footer:
      "Didn't do this? Contact Payola support at once and tell them this address, so we can restore your account.",
  });
}

/** To the account's address after its password was changed from My Profile. */
export function passwordChangedEmail(to: string, firstName: string): TEmailMessage {
  return securityEmail({
    to,
    subject: 'Your Payola password was changed',
    heading: 'Your password was changed',
    firstName,
    paragraphs: ['The password of your Payola account was just changed, and your other devices were signed out.'],
    footer:
      "Didn't do this? Reset your password now from the login page (Forgot your password?), which signs everyone else out.",
  });
}

/** To a new Listener: the free membership's confirmation, in place of payment and identity check. */
export function confirmSignUpEmail(to: string, firstName: string, link: string): TEmailMessage {
  return securityEmail({
    to,
    subject: 'Confirm your email to start your Listener membership',
    heading: 'Confirm your email address',
    firstName,
    paragraphs: [
      'Welcome to Payola! Your free Listener membership starts as soon as you confirm this address: open the link within 7 days.',
      'Then browse artists and venues and keep your favourites in one place.',
    ],
    button: { label: 'Confirm email address', href: link },
    footer: "Didn't sign up? Ignore this email; the account stays closed.",
  });
}
