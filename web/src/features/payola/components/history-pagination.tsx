import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageWindow } from '../lib/history-filters';

/** Previous, up to five page buttons in a window that follows the current page, Next. */
export function HistoryPagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Transaction pages" className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="ghost" size="sm" onClick={() => onPage(page - 1)} disabled={page === 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      {pageWindow(page, pages).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'secondary' : 'ghost'}
          size="sm"
          className="min-w-9 px-3 tabular-nums"
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </Button>
      ))}
      <Button variant="ghost" size="sm" onClick={() => onPage(page + 1)} disabled={page === pages}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
