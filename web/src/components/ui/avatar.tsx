import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

const sizes = { sm: 'size-9 text-sm', md: 'size-11 text-base', lg: 'size-14 text-lg' } as const;

export interface AvatarProps {
  /** Image URL; the fallback shows while it loads or if it fails. */
  src?: string | null;
  /** One or two letters shown without an image. */
  fallback: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** Decorative: the surrounding control carries the person's name. */
export function Avatar({ src, fallback, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      aria-hidden="true"
      className={cn(
        'relative inline-flex shrink-0 overflow-hidden rounded-full bg-accent ring-2 ring-background',
        sizes[size],
        className,
      )}
    >
      {src && <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center font-display font-bold tracking-tight text-accent-foreground"
      >
        {fallback}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
