import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { PROFILE_GENRES } from '@app/domain';
import { controlClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * docs/product.md §2 "My Profile": a genre input whose suggestions open on focus or with the toggle, are
 * filtered by case-insensitive substring, and close on choosing one or clicking outside; with no
 * match it says the text is kept as a custom genre. An ARIA combobox with a listbox.
 */
export function GenreInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);
  const typed = value.trim().toLowerCase();
  const matches = PROFILE_GENRES.filter((genre) => genre.toLowerCase().includes(typed));

  function choose(genre: string) {
    onChange(genre);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div
      ref={wrapper}
      className="relative flex flex-col gap-2"
      onBlur={(event) => {
        // Clicking or tabbing outside closes the list; moving within the widget keeps it open.
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={value}
          placeholder="Choose or type a genre"
          maxLength={50}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
              setActive((index) => Math.min(index + 1, matches.length - 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => Math.max(index - 1, 0));
            } else if (event.key === 'Enter' && open && active >= 0 && matches[active]) {
              event.preventDefault();
              choose(matches[active]);
            } else if (event.key === 'Escape') {
              setOpen(false);
            }
          }}
          className={cn(controlClasses, 'h-12 pr-12')}
        />
        <button
          type="button"
          aria-label={`${open ? 'Hide' : 'Show'} genres for ${label}`}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((shown) => !shown)}
          className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-overlay hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </div>
      {open && (
        <div className="absolute top-full right-0 left-0 z-20 mt-1 max-h-60 overflow-auto rounded-xl border border-border-strong bg-surface-raised p-1 shadow-lg">
          <ul id={listId} role="listbox" aria-label={`${label} suggestions`}>
            {matches.map((genre, index) => (
              <li
                key={genre}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={genre === value}
                // Chosen on mousedown, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(genre);
                }}
                className={cn(
                  'cursor-pointer rounded-lg px-3 py-2 text-sm',
                  index === active ? 'bg-accent-soft text-accent' : 'hover:bg-surface-overlay',
                )}
              >
                {genre}
              </li>
            ))}
          </ul>
          {matches.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted-foreground">
              No suggestion matches. &ldquo;{value.trim()}&rdquo; will be saved as a custom genre.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
