import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { mediaPath, type TFanMessage } from '@app/contracts';
import { InjectPool, type Pool } from '@app/platform';
import { mergedDuplicatesOf } from '../../../../catalog/index.js';
import { GetFanMessages } from './get-fan-messages.query.js';

interface FanMessageRow {
  id: string;
  artist_id: string;
  user_id: string;
  media_id: string;
  message: string;
  is_public: boolean;
  created_at: Date;
  has_poster: boolean;
  sender_fan_number: number | null;
}

/** At most this many messages on a profile; the newest first. */
const MAX_MESSAGES = 50;

@QueryHandler(GetFanMessages)
export class GetFanMessagesHandler implements IQueryHandler<GetFanMessages> {
  constructor(@InjectPool() private readonly pool: Pool) {}

  async execute({ viewerId, artistId }: GetFanMessages): Promise<TFanMessage[]> {
    const { rows } = await this.pool.query<FanMessageRow>(
      `select m.id, m.artist_id, m.user_id, m.media_id, m.message, m.is_public, m.created_at,
              o.poster_key is not null as has_poster, m.sender_fan_number
       from fan_messages m join media_objects o on o.media_id = m.media_id
       where m.artist_id = any($1::text[]) and (m.is_public or m.user_id = $2) and o.status = 'attached'
       order by m.position desc
       limit ${MAX_MESSAGES}`,
      // A merged duplicate's messages are the survivor's.
      [[artistId, ...(await mergedDuplicatesOf(this.pool, 'artist', artistId))], viewerId],
    );
    return rows.map((row) => ({
      id: row.id,
      artistId,
      message: row.message,
      isPublic: row.is_public,
      videoUrl: mediaPath(row.media_id),
      posterUrl: row.has_poster ? `${mediaPath(row.media_id)}/poster` : null,
      byYou: row.user_id === viewerId,
      sender: { foundingFanNumber: row.sender_fan_number },
      createdAt: row.created_at.toISOString(),
    }));
  }
}
