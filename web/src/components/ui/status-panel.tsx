import type { ReactNode } from 'react';
import { Spinner } from './spinner';

interface StatusPanelProps {
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Buttons: a way forward from every state. */
  children?: ReactNode;
}

/** A centred full-page state (sign in needed, payment needed, ...) with a way forward. */
export function StatusPanel({ icon, title, description, children }: StatusPanelProps) {
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-20 text-center sm:py-28">
      <span className="mb-8 inline-flex size-20 animate-rise items-center justify-center rounded-3xl bg-accent-soft text-accent ring-1 ring-accent/25 [&_svg]:size-9">
        {icon}
      </span>
      <h1 className="animate-rise text-4xl font-bold tracking-tight [animation-delay:60ms] sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-md animate-rise text-base text-muted-foreground [animation-delay:120ms] sm:text-lg">
        {description}
      </p>
      {children && (
        <div className="mt-10 flex w-full max-w-xs animate-rise flex-col gap-3 [animation-delay:180ms] sm:w-auto sm:max-w-none sm:flex-row">
          {children}
        </div>
      )}
    </section>
  );
}

/** A centred spinner with visible text (e.g. 'Processing your payment...'). */
export function LoadingPanel({ text }: { text: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-4 text-muted-foreground">
      <Spinner size="lg" className="text-accent" label={text} />
      <p aria-hidden="true">{text}</p>
    </div>
  );
}
