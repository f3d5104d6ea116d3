import { Heart } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/utils';
import { toastVoteOrFavoriteError } from './feedback';

export interface FavoriteToggleProps {
  /** The artist or venue. */
  entry: { name: string; userHasFavorited: boolean };
  /** POST .../favorite with the state asked for. */
  favorite: UseMutationResult<{ favorited: boolean }, Error, boolean>;
  /** 'overlay' sits on a card's art; 'labelled' shows the word next to the heart (the profile). */
  variant?: 'overlay' | 'labelled';
  className?: string;
}

/** The favourite heart: a toggle button that asks for the state it shows next (docs/product.md §4 "Favourite"). */
export function FavoriteToggle({ entry, favorite, variant = 'overlay', className }: FavoriteToggleProps) {
  const on = entry.userHasFavorited;

  function toggle() {
    favorite.mutate(!on, {
      onSuccess: ({ favorited }) => toast({ title: favorited ? 'Added to favorites' : 'Removed from favorites' }),
      onError: (error) => toastVoteOrFavoriteError(error, 'add favorites'),
    });
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={favorite.isPending}
      aria-pressed={on}
      aria-label={variant === 'overlay' ? `Favorite ${entry.name}` : undefined}
      className={cn(
        'group/heart inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full font-semibold',
        'transition-[background-color,border-color,color,transform] duration-200 ease-out active:scale-90',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-progress',
        variant === 'overlay'
          ? 'size-11 border border-white/10 bg-black/55 text-foreground backdrop-blur-md hover:bg-black/75'
          : 'h-11 border border-border-strong px-5 text-sm hover:border-foreground/60 hover:bg-surface-raised',
        on && variant === 'labelled' && 'border-accent/50 bg-accent-soft text-accent hover:bg-accent-soft',
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={cn(
          'size-5 transition-[fill,color,transform] duration-300 ease-out',
          on ? 'scale-110 fill-accent text-accent' : 'group-hover/heart:text-accent',
        )}
      />
      {variant === 'labelled' && <span>Favorite</span>}
    </button>
  );
}
