import { brandedHtml, escapeHtml, type TEmailMessage } from '@app/platform';
import type { TContactMessage } from '@app/contracts';

/** Sent to a new waitlist member. */
export function waitlistConfirmationEmail(to: string, firstName: string): TEmailMessage {
  const subject = "You're on the Payola Listener waitlist";
  return {
    to,
    subject,
    html: brandedHtml({
      title: subject,
      heading: 'Welcome to the waitlist!',
      paragraphs: [
        `Hi ${escapeHtml(firstName)}, thanks for joining the Listener waitlist.`,
        "We'll notify you when the free Listener membership becomes available. It opens when 10,000 verified fans and 10,000 verified artists are on Payola.",
      ],
    }),
    text: [
      `Hi ${firstName},`,
      '',
      'Thanks for joining the Listener waitlist.',
      "We'll notify you when the free Listener membership becomes available. It opens when 10,000 verified fans and 10,000 verified artists are on Payola.",
      '',
      'Payola',
    ].join('\n'),
  };
}

/**
 * Sent to everyone on the waitlist once the Listener milestone is reached. `link` pre-fills the Listener
 * sign-up from their waitlist entry (listenerInvitationLink).
 */
export function listenerMembershipOpenEmail(to: string, firstName: string, link: string): TEmailMessage {
  const subject = 'The free Listener membership is open';
  // No numbers: a laptop demo reaches the milestone at its own configured thresholds.
  const reached =
    'Payola has reached its milestone of verified fans and verified artists, so the free Listener membership you waited for is now open.';
  return {
    to,
    subject,
    html: brandedHtml({
      title: subject,
      heading: 'The free Listener membership is open!',
      paragraphs: [
        `Hi ${escapeHtml(firstName)}, ${reached}`,
        'Join free: no payment and no identity check. Your details from the waitlist are already filled in; confirm your email and start browsing and favouriting artists and venues.',
      ],
      button: { label: 'Join as a Listener', href: link },
    }),
    text: [`Hi ${firstName},`, '', reached, '', `Join as a Listener: ${link}`, '', 'Payola'].join('\n'),
  };
}

/** The invitation's link: the Listener sign-up, pre-filled from the entry its random token names. */
export function listenerInvitationLink(publicUrl: string, token: string): string {
  const link = new URL('/create-account', publicUrl);
  link.searchParams.set('invite', token);
  return link.toString();
}

/** Sent to whoever used the contact form: what they sent, and that someone will answer. */
export function contactConfirmationEmail(message: TContactMessage): TEmailMessage {
  const subject = `We received your message: ${message.subject}`;
  return {
    to: message.email,
    subject,
    html: brandedHtml({
      title: subject,
      heading: 'Message sent successfully!',
      paragraphs: [
        `Hi ${escapeHtml(message.firstName)}, thanks for reaching out. We'll get back to you as soon as possible.`,
        `<strong>${escapeHtml(message.subject)}</strong><br>${escapeHtml(message.message).replace(/\n/g, '<br>')}`,
      ],
    }),
    text: [
      `Hi ${message.firstName},`,
      '',
      "Thanks for reaching out. We'll get back to you as soon as possible.",
      '',
      `Your message: ${message.subject}`,
      message.message,
      '',
      'Payola',
    ].join('\n'),
  };
}

/** The message itself, forwarded to support; a reply goes straight to the sender. */
export function contactForwardEmail(supportEmail: string, message: TContactMessage): TEmailMessage {
  const subject = `Contact form: ${message.subject}`;
  const who = `${message.firstName} ${message.lastName} <${message.email}>`;
  const details: [string, string][] = [
    ['From', who],
    ['Role', message.role],
    ['Phone', message.phone ?? 'not given'],
    ['Subject', message.subject],
  ];
  return {
    to: supportEmail,
    replyTo: message.email,
    subject,
    html: brandedHtml({
      title: subject,
      heading: 'New contact form message',
      paragraphs: [
        details.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value)}`).join('<br>'),
        escapeHtml(message.message).replace(/\n/g, '<br>'),
      ],
    }),
    text: [...details.map(([label, value]) => `${label}: ${value}`), '', message.message].join('\n'),
  };
}
