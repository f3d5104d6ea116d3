import { Card } from '@/components/ui/card';

/** Placeholder cards (each an <li>) shaped like an artist or venue card, while a page loads. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Card className="h-full flex-row overflow-hidden rounded-2xl sm:flex-col sm:rounded-3xl">
            <div className="w-24 shrink-0 animate-pulse bg-border-strong/40 sm:aspect-[16/10] sm:w-full" />
            <div className="flex flex-1 flex-col gap-2 px-4 py-3.5 sm:gap-3 sm:p-5">
              <div className="h-6 w-2/3 animate-pulse rounded-lg bg-border-strong/50" />
              <div className="flex gap-2">
                <div className="h-5 w-16 animate-pulse rounded-full bg-border-strong/50" />
                <div className="h-5 w-20 animate-pulse rounded-full bg-border-strong/50" />
              </div>
              <div className="h-4 w-16 animate-pulse rounded bg-border-strong/40" />
            </div>
          </Card>
        </li>
      ))}
    </>
  );
}
