import { MEDIA_LIMITS } from '@app/contracts';
import { rewardAmount } from '@app/domain';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { FileUpload } from '@/components/ui/file-upload';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import type { MediaUpload } from '@/lib/uploads/use-media-upload';
import type { FanMessageValues } from '../lib/add-artist-reducer';

/** docs/product.md §2 add artist, section 4 "Fan Message": a video message to the artist (+25 Payola once per artist). */
export function FanMessageSection({
  values,
  onChange,
  upload,
}: {
  values: FanMessageValues;
  onChange(values: FanMessageValues): void;
  upload: MediaUpload;
}) {
  // A new artist has no messages from this fan yet: the policy's full reward.
  const reward = rewardAmount('fan-message');
  return (
    <div className="flex flex-col gap-5">
      <Checkbox
        label="Record a fan message for this artist"
        description={`Send the artist a short video and earn ${reward} Payola (once per artist).`}
        checked={values.record}
        onCheckedChange={(record) => onChange({ ...values, record })}
      />
      {values.record && (
        <>
          <Checkbox
            label="Make my message public on the artist's profile"
            description="Private messages are visible to you only."
            checked={values.isPublic}
            onCheckedChange={(isPublic) => onChange({ ...values, isPublic })}
          />
          <Field label="Your Message">
            <Textarea
              rows={3}
              maxLength={2000}
              placeholder="What does their music mean to you?"
              value={values.message}
              onChange={(event) => onChange({ ...values, message: event.target.value })}
            />
          </Field>
          <FileUpload
            label="Choose your video"
            hint="1 video, up to 10 MB (MP4, WebM or MOV). 1-3 minutes is ideal."
            accept={MEDIA_LIMITS['fan-video'].accept}
            status={upload.status}
            progress={upload.progress}
            fileName={upload.fileName}
            error={upload.problem?.description}
            done={
              upload.media && (
                // The fan's own video, just uploaded, shown back to them to check: no captions exist for
                // it, and the message they are writing is right above it.
                // eslint-disable-next-line jsx-a11y/media-has-caption
                <video
                  src={upload.media.url}
                  poster={upload.media.posterUrl ?? undefined}
                  controls
                  preload="metadata"
                  aria-label="Your fan message video"
                  className="aspect-video w-full rounded-xl bg-black"
                />
              )
            }
            onSelect={(file) => {
              const refused = upload.select(file);
              if (refused) toast({ title: refused.title, description: refused.description, variant: 'destructive' });
            }}
            onPause={upload.pause}
            onResume={upload.resume}
            onCancel={upload.cancel}
          />
        </>
      )}
    </div>
  );
}
