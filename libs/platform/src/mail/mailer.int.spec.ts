import { SMTPServer } from 'smtp-server';
import { createTestDatabase } from '@app/testing';
import { createMailer, LocalInboxMailer, SmtpMailer } from './mailer.js';

const message = {
  to: 'fan@example.com',
  subject: 'Reset your Payola password',
  html: '<p>Hi <a href="http://localhost:3000/reset-password?token=abc">Reset password</a></p>',
  text: 'Hi\nhttp://localhost:3000/reset-password?token=abc',
};

describe('mailers', () => {
  it('delivers over SMTP with both the HTML and the plain-text part', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    try {
      const mailer = createMailer(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Payola <no-reply@payola.test>' },
        {
          query: () => Promise.reject(new Error('the SMTP mailer must not touch the database')),
        },
      );
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@payola.test');
      expect(received[0]!.to).toEqual(['fan@example.com']);
      expect(received[0]!.raw).toContain('Subject: Reset your Payola password');
      expect(received[0]!.raw).toContain('Content-Type: text/plain');
      expect(received[0]!.raw).toContain('Content-Type: text/html');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the email in the local inbox when no SMTP server is configured', async () => {
    const db = await createTestDatabase();
    try {
      const mailer = createMailer({ MAIL_FROM: 'Payola <no-reply@payola.test>' }, db.pool);
      expect(mailer).toBeInstanceOf(LocalInboxMailer);
      await mailer.send(message);
      const { rows } = await db.pool.query('select recipient, subject, html, text from local_inbox');
      expect(rows).toEqual([
        { recipient: message.to, subject: message.subject, html: message.html, text: message.text },
      ]);
    } finally {
      await db.close();
    }
  });
});
