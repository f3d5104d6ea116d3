import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InjectObjectStorage, InjectPool, type ObjectStorage, type Pool } from '@app/platform';
import { extensionFor, MediaNotFoundError } from '../../../domain/media-object.js';
import { DOWNLOAD_URL_EXPIRY_SECONDS } from '../../../media-names.js';
import { GetMediaDownload } from './get-media-download.query.js';

interface MediaRow {
  user_id: string;
  kind: string;
  status: string;
  key: string | null;
  poster_key: string | null;
  content_type: string | null;
  shared: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@QueryHandler(GetMediaDownload)
export class GetMediaDownloadHandler implements IQueryHandler<GetMediaDownload> {
  constructor(
    @InjectPool() private readonly pool: Pool,
    @InjectObjectStorage() private readonly storage: ObjectStorage,
  ) {}

  async execute({ viewerId, mediaId, variant }: GetMediaDownload): Promise<{ url: string }> {
    if (!UUID.test(mediaId)) throw new MediaNotFoundError();
    const { rows } = await this.pool.query<MediaRow>(
      `select user_id, kind, status, key, poster_key, content_type, shared from media_objects where media_id = $1`,
      [mediaId],
    );
    const media = rows.at(0);
    const readable = media && ['ready', 'attached'].includes(media.status) && media.key;
    if (!readable || !media.content_type || !(media.user_id === viewerId || media.shared)) {
      throw new MediaNotFoundError();
    }
    const key = variant === 'poster' ? media.poster_key : media.key;
    if (!key) throw new MediaNotFoundError();
    const contentType = variant === 'poster' ? 'image/jpeg' : media.content_type;
    const name = `${media.kind}-${mediaId}.${extensionFor(contentType)}`;
    const url = await this.storage.presignGet(key, {
      expiresInSeconds: DOWNLOAD_URL_EXPIRY_SECONDS,
      contentType,
      contentDisposition: `inline; filename="${name}"`,
    });
    return { url };
  }
}
