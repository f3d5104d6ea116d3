import { useQuery } from '@tanstack/react-query';
import { Activity, Layers, Mic2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TOpsDashboard } from '@app/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { opsDashboardQueryOptions } from '../api/ops';
import { DayChart } from './day-chart';
import { OpsShell } from './ops-shell';

/** The console's first screen: progress toward the milestone, activity per day, and the machinery's health. */
export function OpsDashboard() {
  const dashboard = useQuery(opsDashboardQueryOptions());
  return (
    <OpsShell title="Dashboard">
      {dashboard.data ? (
        <DashboardBody data={dashboard.data} />
      ) : dashboard.isError ? (
        <p role="alert" className="rounded-2xl border border-border bg-surface p-6 text-destructive-text">
          {serverMessageOr(dashboard.error, 'The dashboard could not load. It tries again in a few seconds.')}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading the dashboard">
          <Skeleton className="h-40 rounded-3xl" />
          <Skeleton className="h-40 rounded-3xl" />
        </div>
      )}
    </OpsShell>
  );
}

function DashboardBody({ data }: { data: TOpsDashboard }) {
  const { milestones } = data;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-2">
        <Milestone
          icon={<Users aria-hidden="true" />}
          label="Verified fans"
          value={milestones.verifiedFans}
          target={milestones.targets.verifiedFans}
        />
        <Milestone
          icon={<Mic2 aria-hidden="true" />}
          label="Verified artists"
          value={milestones.verifiedArtists}
          target={milestones.targets.verifiedArtists}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Last 30 days</CardTitle>
          <CardDescription>Per UTC day; today is the bright bar.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8 p-6 pt-0 sm:p-7 sm:pt-0 lg:grid-cols-3">
          <DayChart days={data.days} pick={(day) => day.signUps} label="Sign-ups" />
          <DayChart days={data.days} pick={(day) => day.payments} label="Payments" />
          <DayChart days={data.days} pick={(day) => day.identityChecks} label="Identity checks" />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Activity aria-hidden="true" className="size-5 text-accent" />
              Projection lag
            </CardTitle>
            <CardDescription>How far each consumer of the event log is behind it.</CardDescription>
          </CardHeader>
          <CardContent className="p-6 pt-0 sm:p-7 sm:pt-0">
            <DataTable
              caption="Projection lag per consumer"
              columns={['Consumer', 'Events behind', 'Seconds behind']}
              rows={data.consumers.map((consumer) => [
                consumer.name,
                <Health
                  key="events"
                  ok={consumer.eventsBehind === 0}
                  text={consumer.eventsBehind.toLocaleString('en-US')}
                />,
                consumer.secondsBehind.toFixed(1),
              ])}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Layers aria-hidden="true" className="size-5 text-accent" />
              Queues
            </CardTitle>
            <CardDescription>Jobs in each BullMQ queue right now.</CardDescription>
          </CardHeader>
          <CardContent className="p-6 pt-0 sm:p-7 sm:pt-0">
            <DataTable
              caption="Queue depths"
              columns={['Queue', 'Waiting', 'Active', 'Delayed', 'Failed']}
              rows={data.queues.map((queue) => [
                queue.name,
                count(queue.waiting),
                count(queue.active),
                count(queue.delayed),
                <Health key="failed" ok={!queue.failed} text={count(queue.failed)} />,
              ])}
            />
          </CardContent>
        </Card>
      </div>
      <p className="text-xs text-subtle-foreground">
        Updated {new Date(data.generatedAt).toLocaleTimeString('en-US')}; refreshes every 15 seconds.
      </p>
    </div>
  );
}

function count(value: number | null): string {
  return value === null ? 'unknown' : value.toLocaleString('en-US');
}

function Milestone({ icon, label, value, target }: { icon: ReactNode; label: string; value: number; target: number }) {
  const percent = Math.min(100, (value / target) * 100);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6 sm:p-7">
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-2 text-sm font-semibold text-muted-foreground [&_svg]:size-4 [&_svg]:text-accent">
            {icon}
            {label}
          </span>
          <span className="text-xs text-subtle-foreground">{percent.toFixed(percent < 10 ? 2 : 1)}%</span>
        </div>
        <p className="font-display text-4xl font-extrabold tracking-tight tabular-nums">
          {value.toLocaleString('en-US')}
          <span className="ml-2 text-base font-semibold text-subtle-foreground">
            / {target.toLocaleString('en-US')}
          </span>
        </p>
        <div
          role="progressbar"
          aria-label={`${label} toward ${target.toLocaleString('en-US')}`}
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={value}
          className="h-2 overflow-hidden rounded-full bg-surface-overlay"
        >
          <div
            className="h-full rounded-full bg-accent"
            style={{ width: `${Math.max(percent, value > 0 ? 1 : 0)}%` }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function Health({ ok, text }: { ok: boolean; text: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={cn('size-2 rounded-full', ok ? 'bg-accent' : 'bg-destructive')} />
      {text}
    </span>
  );
}

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-subtle-foreground">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={cn('pb-2 font-semibold', index > 0 && 'text-right')}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, rowIndex) => (
            <tr key={rowIndex} className="border-b border-border/60 last:border-0">
              {cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-2.5 pr-3 text-left font-mono text-xs font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="py-2.5 pl-3 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
