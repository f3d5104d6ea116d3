import { Link, useRouter } from '@tanstack/react-router';
import { House, RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function RouteErrorPage({ error }: { error: unknown }) {
  const router = useRouter();
  const detail = error instanceof Error ? error.message : undefined;

  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <TriangleAlert aria-hidden="true" strokeWidth={1.5} className="mb-6 size-14 text-destructive-text" />
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Something went wrong</h1>
      <p className="mt-4 max-w-md text-muted-foreground">We couldn't load this page. Try again, or head back home.</p>
      {detail && <p className="mt-3 max-w-md font-mono text-xs break-words text-subtle-foreground">{detail}</p>}
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => void router.invalidate()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">
            <House aria-hidden="true" />
            Back to home
          </Link>
        </Button>
      </div>
    </section>
  );
}
