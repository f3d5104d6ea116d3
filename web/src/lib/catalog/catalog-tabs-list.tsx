import { TabsCount, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The three tabs of /artists and /venues with their counts ('–' until known). On a phone the tabs
 * share the width, each count under its label.
 */
export function CatalogTabsList<T extends string>({
  label,
  tabs,
  labels,
  counts,
}: {
  label: string;
  tabs: readonly T[];
  labels: Record<T, string>;
  counts: Partial<Record<T, number>> | undefined;
}) {
  return (
    <TabsList
      aria-label={label}
      className="grid w-full grid-cols-3 rounded-3xl sm:inline-flex sm:w-auto sm:self-start sm:rounded-full"
    >
      {tabs.map((value) => {
        const count = counts?.[value];
        return (
          <TabsTrigger
            key={value}
            value={value}
            className="h-auto min-h-12 flex-col justify-center gap-0.5 rounded-[1.25rem] px-2 py-1.5 sm:h-10 sm:min-h-0 sm:flex-row sm:gap-2 sm:rounded-full sm:px-4 sm:py-0"
          >
            {labels[value]}
            <TabsCount>
              <span className="sr-only">(</span>
              {count === undefined ? '–' : count.toLocaleString('en-US')}
              <span className="sr-only">)</span>
            </TabsCount>
          </TabsTrigger>
        );
      })}
    </TabsList>
  );
}
