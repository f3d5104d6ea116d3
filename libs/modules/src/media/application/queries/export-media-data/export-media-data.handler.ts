import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { cursorRows, InjectConfig, type AppConfig, type DataExportSections, type ExportRow } from '@app/platform';
import { ExportMediaData } from './export-media-data.query.js';

interface UploadRow {
  media_id: string;
  kind: string;
  status: string;
  filename: string;
  content_type: string | null;
  size: number | null;
  created_at: Date;
  readable: boolean;
}

interface FanMessageRow {
  id: string;
  artist_id: string;
  media_id: string;
  message: string;
  is_public: boolean;
  payola_earned: number;
  created_at: Date;
}

/**
 * From the media read model, only what the member uploaded and wrote (never other fans' messages to an
 * artist they added). Files are links to the api's own media URLs, which answer the signed-in member
 * with a short-lived signed link to storage: the zip never carries another copy of a video.
 */
@QueryHandler(ExportMediaData)
export class ExportMediaDataHandler implements IQueryHandler<ExportMediaData> {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  execute({ userId, db }: ExportMediaData): Promise<DataExportSections> {
    const mediaUrl = (mediaId: string) => new URL(`/api/media/${mediaId}`, this.config.PUBLIC_URL).href;
    async function* uploads(): AsyncGenerator<ExportRow> {
      const rows = cursorRows<UploadRow>(
        db,
        `select media_id, kind, status, filename, content_type, size, created_at,
                status in ('ready', 'attached') and key is not null as readable
         from media_objects where user_id = $1 order by created_at, media_id`,
        [userId],
      );
      for await (const row of rows) {
        yield {
          mediaId: row.media_id,
          kind: row.kind,
          status: row.status,
          filename: row.filename,
          contentType: row.content_type,
          sizeBytes: row.size,
          uploadedAt: row.created_at.toISOString(),
          link: row.readable ? mediaUrl(row.media_id) : null,
        };
      }
    }
    async function* fanMessages(): AsyncGenerator<ExportRow> {
      const rows = cursorRows<FanMessageRow>(
        db,
        `select id, artist_id, media_id, message, is_public, payola_earned, created_at
         from fan_messages where user_id = $1 order by position`,
        [userId],
      );
      for await (const row of rows) {
        yield {
          messageId: row.id,
          artistId: row.artist_id,
          message: row.message,
          public: row.is_public,
          payolaEarned: row.payola_earned,
          sentAt: row.created_at.toISOString(),
          video: mediaUrl(row.media_id),
        };
      }
    }
    return Promise.resolve([
      {
        file: 'uploads',
        about:
          'Every file you uploaded (fan videos, profile photos): its name, type, size, when, and where it ' +
          'stands (pending, ready, attached, rejected or expired). The link opens the file while you are ' +
          'signed in; rejected and expired files were deleted and have none.',
        columns: ['mediaId', 'kind', 'status', 'filename', 'contentType', 'sizeBytes', 'uploadedAt', 'link'],
        rows: uploads,
      },
      {
        file: 'fan-messages',
        about:
          'The video messages you sent to artists: the artist, your text, whether it is public, the Payola ' +
          'it earned, when, and a link to the video (opens while you are signed in).',
        columns: ['messageId', 'artistId', 'message', 'public', 'payolaEarned', 'sentAt', 'video'],
        rows: fanMessages,
      },
    ]);
  }
}
