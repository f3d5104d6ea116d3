import { escapeHtml, type TEmailMessage } from '@app/platform';

/** Sent to the fan with their code, staged in the redemption's own transaction (the outbox sends it after the commit). */
export function redemptionEmail(
  to: string,
  firstName: string,
  redemption: { title: string; code: string; howToUse: string; price: number; validTo: Date; publicUrl: string },
): TEmailMessage {
  const subject = `Your code for ${redemption.title}`;
  const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(redemption.validTo);
  const link = new URL('/payola', redemption.publicUrl).toString();
  const price = redemption.price.toLocaleString('en-US');
  return {
    to,
    subject,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#0b0b12;color:#f4f4f5;font-family:system-ui,sans-serif">
<h1 style="font-size:22px">${escapeHtml(redemption.title)}</h1>
<p>Hi ${escapeHtml(firstName)}, you redeemed ${price} Payola. Your code:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:4px;font-family:ui-monospace,monospace">${escapeHtml(redemption.code)}</p>
<p>${escapeHtml(redemption.howToUse)}</p>
<p>Valid until ${escapeHtml(until)}. Your codes are also on <a style="color:#c4b5fd" href="${escapeHtml(link)}">your Payola page</a>.</p>
</body></html>`,
    text: [
      `Hi ${firstName},`,
      '',
      `You redeemed ${price} Payola for ${redemption.title}. Your code:`,
      '',
      `    ${redemption.code}`,
      '',
      redemption.howToUse,
      `Valid until ${until}. Your codes are also on your Payola page: ${link}`,
      '',
      'Payola',
    ].join('\n'),
  };
}
