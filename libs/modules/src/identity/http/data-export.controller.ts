import { pipeline } from 'node:stream/promises';
import { Controller, Get, HttpStatus, Inject, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { MemberDataExport, TooManyExportsError } from '../application/services/member-data-export.js';
import type { SessionUser } from '../application/queries/check-credentials/check-credentials.query.js';
import { CurrentUser, RequestId } from './current-user.js';
import { SignedInGuard } from './guards.js';

/** The member's own data as a zip (docs/operations.md, Data export): always the session's member. */
@Controller('me')
@UseGuards(SignedInGuard)
export class DataExportController {
  constructor(@Inject(MemberDataExport) private readonly exports: MemberDataExport) {}

  @Get('export')
  async export(
    @CurrentUser() user: SessionUser,
    @RequestId() requestId: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { fileName, zip } = await this.exports.start(user.id, requestId).catch((error: unknown) => {
      if (error instanceof TooManyExportsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    res.status(HttpStatus.OK);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    // The zip streams as the browser takes it; a download cut short destroys it, which ends the export
    // (the failure is the export's audit line, not an error of this request).
    await pipeline(zip, res).catch(() => undefined);
  }
}
