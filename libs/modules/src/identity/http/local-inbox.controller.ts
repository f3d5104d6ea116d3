import { Controller, Get, NotFoundException, Param, ParseIntPipe, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { escapeHtml, InjectPool, type Pool } from '@app/platform';
import { LocalInboxGuard } from './local-inbox.guard.js';

/**
 * The local inbox: with no SMTP server configured, emails land here so a developer (or an
 * end-to-end test) can open them and follow their links. Only for callers on this machine, and off
 * in production and when SMTP is set (LocalInboxGuard).
 */
@Controller('dev/inbox')
@UseGuards(LocalInboxGuard)
export class LocalInboxController {
  constructor(@InjectPool() private readonly pool: Pool) {}

  @Get()
  async list(@Res() res: Response): Promise<void> {
    const { rows } = await this.pool.query<{ id: number; recipient: string; subject: string; sent_at: Date }>(
      'select id, recipient, subject, sent_at from local_inbox order by id desc limit 200',
    );
    const items = rows
      .map(
        (m) =>
          `<li><a href="/api/dev/inbox/${m.id}"><strong>${escapeHtml(m.subject)}</strong></a><span>to ${escapeHtml(m.recipient)} · ${m.sent_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</span></li>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local inbox · Payola</title><style>body{margin:0;background:#0b0b12;color:#f4f4f7;font:16px/1.5 system-ui,sans-serif}main{max-width:720px;margin:0 auto;padding:32px 16px}
h1{font-size:28px}p{color:#b4b4c4}ul{list-style:none;padding:0}li{background:#161622;border-radius:12px;padding:14px 16px;margin:8px 0;display:flex;flex-direction:column;gap:2px}
a{color:#ff8fbd}span{color:#9a9aab;font-size:14px}</style></head><body><main><h1>Local inbox</h1>
<p>Emails the product sends while no SMTP server is configured (set SMTP_URL to deliver them for real).</p>
${rows.length ? `<ul aria-label="Emails">${items}</ul>` : '<p>No emails yet.</p>'}</main></body></html>`);
  }

  @Get(':id')
  async show(@Param('id', ParseIntPipe) id: number, @Res() res: Response): Promise<void> {
    // ParseIntPipe reads 99999999999999999999999 as 1e23, which PostgreSQL refuses as a bigint: no email has it.
    if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundException('That email does not exist.');
    const { rows } = await this.pool.query<{ html: string }>('select html from local_inbox where id = $1', [id]);
    if (!rows[0]) throw new NotFoundException('That email does not exist.');
    res.type('html').send(rows[0].html);
  }
}
