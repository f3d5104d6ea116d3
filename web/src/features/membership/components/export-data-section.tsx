import { Download, FileArchive } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { useDataExportMutation } from '../api/data-export';

const WHAT_IS_IN_IT = [
  'Account and profile',
  'Membership and payments (no card details)',
  'Payola ledger',
  'Artists and venues you added or verified',
  'Votes and favourites',
  'Fan messages and uploads',
];

/** My Profile, "Your data": the member downloads everything we hold about them (docs/operations.md, Data export). */
export function ExportDataSection() {
  const exportData = useDataExportMutation();

  function download() {
    exportData.mutate(undefined, {
      onSuccess: ({ fileName }) =>
        toast({ title: 'Your data is downloading', description: `Look for ${fileName} in your downloads.` }),
      onError: (error) =>
        toast({
          title: 'Download failed',
          description: serverMessageOr(error, 'Your data could not be prepared. Please try again in a minute.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <section aria-labelledby="your-data-title" className="mt-6 animate-rise [animation-delay:160ms]">
      <Card className="p-6 sm:p-7">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
          <div className="max-w-2xl">
            <h2
              id="your-data-title"
              className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight"
            >
              <FileArchive aria-hidden="true" className="size-5 text-accent" />
              Your data
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              Download a copy of everything we hold about you, as JSON and CSV files in one zip, with a README that
              explains each file. It holds only your own data.
            </p>
            <ul className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
              {WHAT_IS_IN_IT.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <Button
            variant="outline"
            className="self-start"
            onClick={download}
            loading={exportData.isPending}
            loadingText="Preparing your data..."
          >
            <Download aria-hidden="true" />
            Download my data
          </Button>
        </div>
      </Card>
    </section>
  );
}
