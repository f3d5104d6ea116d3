import type { TOpsDailyActivity } from '@app/contracts';

const WIDTH = 300;
const HEIGHT = 96;
const GAP = 2;

/**
 * A small bar chart of one count over the last 30 days, drawn as SVG by hand: a chart library would
 * cost more than the whole console. The bars are decoration for sighted readers; the label carries
 * the figures (total, today, busiest day) for everyone.
 */
export function DayChart({
  days,
  pick,
  label,
}: {
  days: TOpsDailyActivity[];
  pick: (day: TOpsDailyActivity) => number;
  label: string;
}) {
  const values = days.map(pick);
  const max = Math.max(1, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const today = values.at(-1) ?? 0;
  const busiest = days[values.indexOf(Math.max(...values))];
  const barWidth = (WIDTH - GAP * (days.length - 1)) / Math.max(days.length, 1);
  const summary = `${label}: ${total} in ${days.length} days, ${today} today${
    busiest && max > 0 && total > 0 ? `, most on ${busiest.day} (${pick(busiest)})` : ''
  }.`;
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-xs text-muted-foreground">
          <span className="font-display text-lg font-bold text-foreground tabular-nums">
            {total.toLocaleString('en-US')}
          </span>{' '}
          in 30 days
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-24 w-full"
        preserveAspectRatio="none"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" />
        {values.map((value, index) => {
          const height = value === 0 ? 1.5 : Math.max(3, (value / max) * (HEIGHT - 6));
          return (
            <rect
              key={days[index]?.day ?? index}
              x={index * (barWidth + GAP)}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx={Math.min(2, barWidth / 2)}
              className={
                value === 0 ? 'fill-border-strong' : index === values.length - 1 ? 'fill-accent' : 'fill-accent/55'
              }
            />
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-[11px] text-subtle-foreground">
        <span>{shortDay(days[0]?.day)}</span>
        <span>Today: {today.toLocaleString('en-US')}</span>
      </div>
    </figure>
  );
}

function shortDay(day: string | undefined): string {
  if (!day) return '';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
