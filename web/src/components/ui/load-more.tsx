import { useEffect, useRef } from 'react';
import { Button } from './button';

interface LoadMoreProps {
  /** Whether there is a next page. Nothing is rendered when there is not. */
  hasMore: boolean;
  /** A page is loading now. */
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text, e.g. 'Load more artists'. */
  label?: string;
  /** How far below the viewport the next page starts loading. */
  rootMargin?: string;
}

/**
 * Infinite scroll that keyboards and screen readers can use too: the next page loads when the sentinel
 * nears the viewport, and a visible button does the same on demand.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label = 'Load more', rootMargin = '600px' }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The observer outlives renders; it reads the newest props through this ref, updated after each commit.
  const latest = useRef({ loading, onLoadMore });
  useEffect(() => {
    latest.current = { loading, onLoadMore };
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, rootMargin]);

  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center pt-4">
      <div ref={sentinel} aria-hidden="true" className="h-px w-full" />
      <Button variant="outline" onClick={onLoadMore} loading={loading} loadingText="Loading...">
        {label}
      </Button>
    </div>
  );
}
