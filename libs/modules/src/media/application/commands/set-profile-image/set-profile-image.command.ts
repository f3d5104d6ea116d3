import { Command } from '@nestjs/cqrs';
import type { TSetProfileImageResponse } from '@app/contracts';

/**
 * PUT /api/profile-images: the photo the user uploaded (named by its upload URL, or by the media path
 * an earlier check returned) is checked if it was not yet, and becomes their profile photo.
 */
export class SetProfileImage extends Command<TSetProfileImageResponse> {
  constructor(
    readonly userId: string,
    readonly profileImageUrl: string,
  ) {
    super();
  }
}
