import { Plus, X } from 'lucide-react';
import type { Dispatch, KeyboardEvent, Ref } from 'react';
import { WAITLIST_GENRES } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { WaitlistAction, WaitlistState } from '../lib/waitlist-reducer';
import { RequiredLegend } from './required-legend';

interface GenrePickerProps {
  ref: Ref<HTMLFieldSetElement>;
  state: Pick<WaitlistState, 'genres' | 'customGenres' | 'customGenre'>;
  error: string | undefined;
  dispatch: Dispatch<WaitlistAction>;
}

/** docs/product.md §2 "Waitlist": 'Music Genres', the listed ones as toggles and the fan's own as removable chips. */
export function GenrePicker({ ref, state, error, dispatch }: GenrePickerProps) {
  const { genres, customGenres } = state;

  function onCustomGenreKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    dispatch({ type: 'addCustomGenre' });
  }

  return (
    <fieldset
      ref={ref}
      className="flex flex-col gap-3 sm:col-span-2"
      aria-describedby={error ? 'waitlist-genres-error' : undefined}
    >
      <RequiredLegend>Music Genres</RequiredLegend>
      <div className="flex flex-wrap gap-2">
        {WAITLIST_GENRES.map((genre) => {
          const on = genres.includes(genre);
          return (
            <button
              key={genre}
              type="button"
              aria-pressed={on}
              onClick={() => dispatch({ type: 'toggleGenre', genre })}
              className={cn(
                'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                on
                  ? 'border-accent bg-accent text-accent-foreground'
                  : 'border-border-strong bg-surface text-foreground hover:border-muted-foreground',
              )}
            >
              {genre}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <Input
          aria-label="Custom genre"
          placeholder="Add your own genre"
          value={state.customGenre}
          maxLength={50}
          onChange={(event) => dispatch({ type: 'customGenreText', text: event.target.value })}
          onKeyDown={onCustomGenreKey}
        />
        <Button variant="outline" className="h-12" onClick={() => dispatch({ type: 'addCustomGenre' })}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {customGenres.length > 0 && (
        <ul aria-label="Custom genres" className="flex flex-wrap gap-2">
          {customGenres.map((genre) => (
            <li
              key={genre}
              className="inline-flex h-9 items-center gap-1 rounded-full border border-accent/40 bg-accent-soft pr-1 pl-3.5 text-sm font-medium text-accent"
            >
              {genre}
              <button
                type="button"
                aria-label={`Remove ${genre}`}
                onClick={() => dispatch({ type: 'removeCustomGenre', genre })}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-accent/20 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="waitlist-genres-error" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
