import { APP_NAME } from '@/lib/config';

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="container-page flex flex-col gap-2 py-8 text-sm text-subtle-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {APP_NAME}. Verified fans, artists and venues.
        </p>
        <p>No bots. No scalpers. Just music people.</p>
      </div>
    </footer>
  );
}
