import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// Teach tailwind-merge the custom @theme names in styles.css, otherwise it would read e.g.
// `shadow-card` as a shadow colour and drop it when merged with `shadow-accent/20`.
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      shadow: ['card', 'raised', 'glow'],
      animate: ['fade-in', 'rise', 'dialog-in', 'dialog-out', 'overlay-in', 'overlay-out', 'equalizer'],
      font: ['sans', 'display'],
    },
  },
});

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
