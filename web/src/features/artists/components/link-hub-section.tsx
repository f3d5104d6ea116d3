import { CircleAlert, Link2 } from 'lucide-react';
import { LINK_PLATFORM_LABELS } from '@app/contracts';
import { LINK_PLATFORMS, MIN_ARTIST_LINKS } from '@app/domain';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FormSection, LINK_INPUT_PROPS } from '@/lib/catalog/form-section';
import { cn } from '@/lib/utils';
import { LINK_PLACEHOLDERS, type ArtistForm } from '../lib/artist-form';

/** docs/product.md §2 add artist, section 2 "Link Hub": the artist's own pages, counted ('Links: n/8'). */
export function LinkHubSection({ form, filled }: { form: ArtistForm; filled: number }) {
  const { errors } = form.formState;
  return (
    <FormSection
      number={2}
      title="Link Hub"
      description="Paste the artist's own pages. Other fans use them to check it's really them."
      aside={<LinkCounter filled={filled} />}
    >
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {LINK_PLATFORMS.map((platform) => (
          <Field key={platform} label={LINK_PLATFORM_LABELS[platform]} error={errors[platform]?.message}>
            <Input {...LINK_INPUT_PROPS} placeholder={LINK_PLACEHOLDERS[platform]} {...form.register(platform)} />
          </Field>
        ))}
      </div>
      {filled < MIN_ARTIST_LINKS && (
        <p className="mt-5 flex items-start gap-2 rounded-xl border border-border-strong bg-surface-raised px-4 py-3 text-sm text-muted-foreground">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          Add at least {MIN_ARTIST_LINKS} profile links so other fans can verify this artist.
        </p>
      )}
    </FormSection>
  );
}

function LinkCounter({ filled }: { filled: number }) {
  const enough = filled >= MIN_ARTIST_LINKS;
  return (
    <p
      aria-live="polite"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold tabular-nums transition-colors',
        enough
          ? 'border-accent/40 bg-accent-soft text-accent'
          : 'border-border-strong bg-surface-overlay text-muted-foreground',
      )}
    >
      <Link2 aria-hidden="true" className="size-4" />
      Links: {filled}/{LINK_PLATFORMS.length}
    </p>
  );
}
