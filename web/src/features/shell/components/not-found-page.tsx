import { Link } from '@tanstack/react-router';
import { ArrowLeft, Disc3 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <div className="relative mb-8 animate-rise">
        <div aria-hidden="true" className="absolute inset-0 rounded-full bg-accent/20 blur-3xl" />
        <Disc3
          aria-hidden="true"
          strokeWidth={1.25}
          className="relative size-24 animate-[spin_6s_linear_infinite] text-accent sm:size-28"
        />
      </div>
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-6xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-base text-muted-foreground sm:text-lg">
        This track skipped. The page you're looking for doesn't exist or has moved.
      </p>
      <Button asChild size="lg" className="mt-10">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Back to home
        </Link>
      </Button>
    </section>
  );
}
