import nodemailer, { type Transporter } from 'nodemailer';
import type { Queryable } from '../database/pool.js';
import type { TEmailMessage } from './email-queue.js';

export interface Mailer {
  readonly mode: 'smtp' | 'local-inbox';
  send(message: TEmailMessage): Promise<void>;
}

/** Delivers through an SMTP server (SMTP_URL). */
export class SmtpMailer implements Mailer {
  readonly mode = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: TEmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/**
 * With no SMTP server configured, nodemailer still builds the full message, and it is kept in the
 * local inbox (GET /api/dev/inbox) where a developer can open it and follow its links.
 */
export class LocalInboxMailer implements Mailer {
  readonly mode = 'local-inbox';
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly db: Queryable,
    private readonly from: string,
  ) {}

  async send(message: TEmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
    await this.db.query('insert into local_inbox (recipient, subject, html, text) values ($1, $2, $3, $4)', [
      message.to,
      message.subject,
      message.html,
      message.text,
    ]);
  }
}

export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string }, db: Queryable): Mailer {
  return config.SMTP_URL
    ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : new LocalInboxMailer(db, config.MAIL_FROM);
}
