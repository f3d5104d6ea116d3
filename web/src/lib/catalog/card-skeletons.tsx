import { Card } from '@/components/ui/card';

/** Placeholder cards (each an <li>) shaped like an artist or venue card, while a page loads. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Card className="h-full overflow-hidden">
            <div className="aspect-[16/10] w-full animate-pulse bg-border-strong/40" />
            <div className="flex flex-col gap-3 p-5">
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
