import { CircleCheck, CircleHelp, CircleSlash, CircleX, Clock, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ZDoorCode, type TCheckCodeResponse } from '@app/contracts';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCheckCodeMutation, useMarkCodeUsedMutation } from '../api/shop';
import { CODE_CLASSES, dateTime, kindLabel } from '../lib/offer-format';

type Status = TCheckCodeResponse['status'];

const LOOKS: Record<Status, { title: string; icon: ReactNode; tone: string }> = {
  valid: {
    title: 'Valid',
    icon: <CircleCheck aria-hidden="true" />,
    tone: 'border-accent/60 bg-accent-soft text-accent',
  },
  used: {
    title: 'Already used',
    icon: <CircleX aria-hidden="true" />,
    tone: 'border-destructive-text/50 bg-destructive/15 text-destructive-text',
  },
  expired: {
    title: 'Expired',
    icon: <Clock aria-hidden="true" />,
    tone: 'border-destructive-text/50 bg-destructive/15 text-destructive-text',
  },
  withdrawn: {
    title: 'Offer withdrawn',
    icon: <CircleSlash aria-hidden="true" />,
    tone: 'border-destructive-text/50 bg-destructive/15 text-destructive-text',
  },
  'not-redeemed': {
    title: 'Not redeemed yet',
    icon: <CircleHelp aria-hidden="true" />,
    tone: 'border-border-strong bg-surface-overlay text-foreground',
  },
  'not-ours': {
    title: 'Not one of your codes',
    icon: <CircleHelp aria-hidden="true" />,
    tone: 'border-border-strong bg-surface-overlay text-foreground',
  },
};

/** "Check a code" (/shop/check), phone first: type or paste the fan's code, see what it is, mark it used once. */
export function CheckCodePage() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TCheckCodeResponse | null>(null);
  const check = useCheckCodeMutation();
  const markUsed = useMarkCodeUsedMutation();

  function run(value: string) {
    setError(null);
    const parsed = ZDoorCode.safeParse(value);
    if (!parsed.success) {
      setResult(null);
      setError(parsed.error.issues[0]?.message ?? 'Enter a code.');
      return;
    }
    check.mutate(parsed.data, {
      onSuccess: setResult,
      onError: (failure) => {
        setResult(null);
        setError(serverMessageOr(failure, 'The code could not be checked. Please try again.'));
      },
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(code);
  }

  function use() {
    if (!result) return;
    markUsed.mutate(result.code, {
      onSuccess: ({ usedAt }) => {
        toast({ title: 'Marked used', description: `${result.code} at ${dateTime(usedAt)}.` });
        // The server's own words for the code now ('Already used on ...').
        run(result.code);
      },
      // Someone else marked it a moment ago (409 with when): check again to show it as used.
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 409) return run(result.code);
        toast({
          title: 'Could not mark it used',
          description: serverMessageOr(failure, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  const look = result ? LOOKS[result.status] : null;
  // On a phone the answer lands below the keyboard's fold: bring it into view.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) answer.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [result]);
  return (
    <AppPage
      eyebrow="At the door"
      title="Check a code"
      width="max-w-xl"
      intro="Type or paste the code a fan shows you. Mark it used when you honour it: each code works once."
    >
      <Card className="mt-8 p-5 sm:p-7">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Code" error={error ?? undefined} help="Letters and digits; dashes and spaces do not matter.">
            <Input
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={60}
              placeholder="ABCD-EFGH-K"
              className={cn(CODE_CLASSES, 'h-16 text-center text-2xl uppercase sm:text-3xl')}
              onChange={(event) => {
                setCode(event.target.value);
                setResult(null);
              }}
            />
          </Field>
          <Button type="submit" size="lg" block loading={check.isPending} loadingText="Checking...">
            <ScanLine aria-hidden="true" />
            Check code
          </Button>
        </form>
      </Card>
      <div ref={answer} aria-live="polite" className="mt-6 scroll-mb-6">
        {result && look && (
          <Card className={cn('animate-rise gap-4 border-2 p-6 sm:p-7', look.tone)} data-testid="code-result">
            <div className="flex items-center gap-3 [&_svg]:size-9">
              {look.icon}
              <h2 className="font-display text-3xl font-extrabold tracking-tight">{look.title}</h2>
            </div>
            <p className="text-base text-foreground">{result.message}</p>
            <p className={cn(CODE_CLASSES, 'text-xl text-foreground')}>{result.code}</p>
            {result.offer && (
              <p className="text-sm text-foreground">
                <span className="font-semibold">{result.offer.title}</span> · {kindLabel(result.offer.kind)}
              </p>
            )}
            {result.usedAt && <p className="text-sm text-foreground">Used {dateTime(result.usedAt)}</p>}
            {result.status === 'valid' && (
              <Button size="lg" block onClick={use} loading={markUsed.isPending} loadingText="Marking...">
                <CircleCheck aria-hidden="true" />
                Mark used
              </Button>
            )}
          </Card>
        )}
      </div>
    </AppPage>
  );
}
