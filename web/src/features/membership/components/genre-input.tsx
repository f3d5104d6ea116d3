import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
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
  const pressing = usePointerPressed(open);
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
      className="flex flex-col gap-2"
      onBlur={(event) => {
        // Clicking or tabbing outside closes the list; moving within the widget keeps it open.
        if (wrapper.current?.contains(event.relatedTarget as Node | null)) return;
        // The list is in the page's flow: closing it on a press would move what is being pressed (the
        // Save Genres button) from under the pointer, and the click would miss. It closes once the
        // press is over instead.
        if (pressing.current) closeAfterPress(() => setOpen(false));
        else setOpen(false);
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
        // In the flow, not floating: a floating list covered the inputs below it and the Save Genres
        // button (issue 25); pushed down, everything stays visible and clickable while it is open.
        <div className="max-h-52 animate-fade-in overflow-auto rounded-xl border border-border-strong bg-surface-raised p-1 shadow-lg">
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

/** Whether a pointer is pressed anywhere in the page (tracked while `active`). */
function usePointerPressed(active: boolean): RefObject<boolean> {
  const pressed = useRef(false);
  useEffect(() => {
    if (!active) return;
    const down = () => (pressed.current = true);
    const up = () => (pressed.current = false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      pressed.current = false;
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [active]);
  return pressed;
}

/** Runs `close` after the current press ends and its click has been dispatched (a task later). */
function closeAfterPress(close: () => void) {
  const later = () => {
    document.removeEventListener('pointerup', later, true);
    document.removeEventListener('pointercancel', later, true);
    setTimeout(close, 0);
  };
  document.addEventListener('pointerup', later, true);
  document.addEventListener('pointercancel', later, true);
}
