import { Plus, Trash2 } from 'lucide-react';
import type { Dispatch } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LINK_INPUT_PROPS } from '@/lib/catalog/form-section';
import { MAX_SOCIAL_ROWS, socialRowId, type AddVenueAction } from '../lib/add-venue-reducer';

interface SocialLinksFieldsetProps {
  rows: readonly string[];
  errors: Record<number, string>;
  dispatch: Dispatch<AddVenueAction>;
}

/** docs/product.md §2 "Add venue": the venue's social pages, a row each (up to 10). */
export function SocialLinksFieldset({ rows, errors, dispatch }: SocialLinksFieldsetProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-display text-lg font-semibold">Social Links</legend>
      <p className="-mt-1 text-sm text-muted-foreground">
        The venue's Instagram, TikTok, YouTube, SoundCloud or Bandcamp pages. Blank rows are left out.
      </p>
      {rows.map((row, index) => (
        <div key={index} className="flex items-start gap-2">
          <Field label={`Social link ${index + 1}`} id={socialRowId(index)} error={errors[index]} className="flex-1">
            <Input
              {...LINK_INPUT_PROPS}
              placeholder="https://instagram.com/yourvenue"
              value={row}
              onChange={(event) => dispatch({ type: 'setRow', index, value: event.target.value })}
            />
          </Field>
          <Button
            variant="ghost"
            size="icon"
            className="mt-7"
            aria-label={`Remove social link ${index + 1}`}
            disabled={rows.length === 1}
            onClick={() => dispatch({ type: 'removeRow', index })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={rows.length >= MAX_SOCIAL_ROWS}
        onClick={() => dispatch({ type: 'addRow' })}
      >
        <Plus aria-hidden="true" />
        Add Social Link
      </Button>
    </fieldset>
  );
}
