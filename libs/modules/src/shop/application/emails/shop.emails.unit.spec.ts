import { redemptionEmail } from './shop.emails.js';
import { brandedHtml } from '@app/platform';

const redemption = {
  title: 'Vinyl <b>& more</b>',
  code: 'ABCD-EFGH-K',
  howToUse: 'Show it at the "merch" stand.',
  price: 1200,
  validTo: new Date('2027-03-01T12:00:00Z'),
  publicUrl: 'https://payola.example',
};

/** The frame of an email: its HTML from the body to the heading (what the branded layout draws the same for every email). */
const frameOf = (html: string) => html.slice(html.indexOf('<body'), html.indexOf('padding-top:20px'));

describe('the redemption email', () => {
  it('comes in the branded layout of the other emails, with the code, how to use it and the link to the Payola page', () => {
    const email = redemptionEmail('fan@example.com', 'Ann <Lee>', redemption);
    expect(email).toMatchObject({ to: 'fan@example.com', subject: 'Your code for Vinyl <b>& more</b>' });
    // The same frame (dark page, card, the Payola wordmark) as every module's email (outreach's too).
    expect(frameOf(email.html)).toBe(frameOf(brandedHtml({ title: 'Any', heading: 'Any', paragraphs: [] })));
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('>Payola</td>');
    // What the member wrote and what the fan is called are escaped, never markup.
    expect(email.html).toContain('<title>Your code for Vinyl &lt;b&gt;&amp; more&lt;/b&gt;</title>');
    expect(email.html).toContain('Hi Ann &lt;Lee&gt;, you redeemed 1,200 Payola.');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('>ABCD-EFGH-K</span>');
    expect(email.html).toContain('Show it at the &quot;merch&quot; stand.');
    expect(email.html).toContain('Valid until March 1, 2027.');
    expect(email.html).toContain('href="https://payola.example/payola"');
    expect(email.text).toContain('    ABCD-EFGH-K');
    expect(email.text).toContain('Your codes are also on your Payola page: https://payola.example/payola');
  });
});
