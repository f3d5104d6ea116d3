import { escapeHtml } from './escape-html.js';

/**
 * The branded frame the modules' emails share (the password-reset email's look): outreach's and the
 * shop's. Here in platform, beside the mailer, because modules may import platform but not each other's
 * internals. `paragraphs` are HTML: the caller escapes what it puts in them.
 */
export function brandedHtml(options: {
  title: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
}): string {
  const rows = options.paragraphs
    .map((p) => `<tr><td style="padding-top:12px;font-size:16px;line-height:1.6;color:#c9c9d6">${p}</td></tr>`)
    .join('\n        ');
  const button = options.button
    ? `<tr><td style="padding-top:24px"><a href="${escapeHtml(options.button.href)}" style="display:inline-block;background:#ff3d8b;color:#0b0b12;font-weight:700;text-decoration:none;padding:14px 24px;border-radius:999px">${escapeHtml(options.button.label)}</a></td></tr>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;background:#0b0b12;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#f4f4f7">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#0b0b12;padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#161622;border-radius:16px;padding:32px">
        <tr><td style="font-size:22px;font-weight:800;letter-spacing:-0.02em;color:#ff3d8b">Payola</td></tr>
        <tr><td style="padding-top:20px;font-size:24px;font-weight:700">${escapeHtml(options.heading)}</td></tr>
        ${rows}
        ${button}
      </table>
    </td></tr>
  </table>
</body></html>`;
}
