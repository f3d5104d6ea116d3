import { escapeHtml, type TEmailMessage } from '@app/platform';

/** The branded password-reset email, in HTML and plain text. */
export function passwordResetEmail(to: string, firstName: string, link: string): TEmailMessage {
  const name = escapeHtml(firstName || 'there');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Reset your Payola password</title></head>
<body style="margin:0;background:#0b0b12;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#f4f4f7">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0b12;padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#161622;border-radius:16px;padding:32px">
        <tr><td style="font-size:22px;font-weight:800;letter-spacing:-0.02em;color:#ff3d8b">Payola</td></tr>
        <tr><td style="padding-top:20px;font-size:24px;font-weight:700">Reset your password</td></tr>
        <tr><td style="padding-top:12px;font-size:16px;line-height:1.6;color:#c9c9d6">Hi ${name}, we received a request to reset the password of your Payola account. The link works once and expires in 1 hour.</td></tr>
        <tr><td style="padding-top:24px"><a href="${href}" style="display:inline-block;background:#ff3d8b;color:#0b0b12;font-weight:700;text-decoration:none;padding:14px 24px;border-radius:999px">Reset password</a></td></tr>
        <tr><td style="padding-top:24px;font-size:13px;line-height:1.6;color:#9a9aab">If the button does not work, paste this link into your browser:<br><a href="${href}" style="color:#ff8fbd;word-break:break-all">${href}</a></td></tr>
        <tr><td style="padding-top:24px;font-size:13px;color:#9a9aab">Didn't ask for this? You can ignore this email; your password stays the same.</td></tr>
      </table>
    </td></tr>
  </table>
</body></html>`;
  const text = [
    `Hi ${firstName || 'there'},`,
    '',
    'We received a request to reset the password of your Payola account.',
    'Open this link to choose a new password (it works once and expires in 1 hour):',
    '',
    link,
    '',
    "Didn't ask for this? You can ignore this email; your password stays the same.",
    '',
    'Payola',
  ].join('\n');
  return { to, subject: 'Reset your Payola password', html, text };
}
