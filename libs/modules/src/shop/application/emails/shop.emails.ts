import { brandedHtml, escapeHtml, type TEmailMessage } from '@app/platform';

/** Sent to the fan with their code, in the branded layout of every email, staged in the redemption's own transaction (the outbox sends it after the commit). */
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
    html: brandedHtml({
      title: subject,
      heading: redemption.title,
      paragraphs: [
        `Hi ${escapeHtml(firstName)}, you redeemed ${price} Payola. Your code:`,
        `<span style="font-size:28px;font-weight:700;letter-spacing:4px;color:#f4f4f7;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(redemption.code)}</span>`,
        escapeHtml(redemption.howToUse),
        `Valid until ${escapeHtml(until)}. Your codes are also on your Payola page.`,
      ],
      button: { label: 'Open my Payola page', href: link },
    }),
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
