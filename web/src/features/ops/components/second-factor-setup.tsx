import { Check, Copy, KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TSecondFactorSetup } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FocusedPage } from '@/components/ui/focused-page';
import { serverMessageOr } from '@/lib/api-client';
import { useOpenConsole, useSecondFactorConfirm, useSecondFactorSetup } from '../api/ops';
import { TotpCodeField } from './code-field';

/**
 * The first visit of an operator: add the console to an authenticator app (QR code, or the secret
 * typed by hand), confirm with a code, then keep the recovery codes, which are shown this once.
 */
export function SecondFactorSetup() {
  const setup = useSecondFactorSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  return (
    <FocusedPage
      icon={<ShieldCheck aria-hidden="true" />}
      eyebrow="Operators console"
      title="Set up your second factor"
      description="The console opens only after a code from an authenticator app (1Password, Google Authenticator, Authy, ...) confirms it is you, once per sign-in."
      width={setup.data ? 'lg' : 'md'}
    >
      {setup.data ? (
        <ScanAndConfirm setup={setup.data} onConfirmed={setRecoveryCodes} />
      ) : (
        <Card>
          <CardContent className="flex flex-col gap-5 p-6 sm:p-7">
            <p className="flex items-start gap-3 text-sm leading-relaxed text-muted-foreground">
              <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
              Have your phone ready: you will scan a QR code, then type the 6-digit code it shows.
            </p>
            {setup.isError && (
              <p role="alert" className="text-sm font-medium text-destructive-text">
                {serverMessageOr(setup.error, 'The set-up could not start. Please try again.')}
              </p>
            )}
            <Button size="lg" block loading={setup.isPending} onClick={() => setup.mutate()}>
              Set up authenticator
            </Button>
          </CardContent>
        </Card>
      )}
    </FocusedPage>
  );
}

function ScanAndConfirm({ setup, onConfirmed }: { setup: TSecondFactorSetup; onConfirmed: (codes: string[]) => void }) {
  const confirm = useSecondFactorConfirm();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: (answer) => onConfirmed(answer.recoveryCodes) });
  };
  return (
    <Card>
      <CardContent className="grid gap-8 p-6 sm:p-8 md:grid-cols-[auto_1fr] md:items-start">
        <div className="flex flex-col items-center gap-3">
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
            alt="QR code to add Payola Ops to your authenticator app"
            width={200}
            height={200}
            className="size-[200px] rounded-2xl bg-white p-2 shadow-raised"
          />
          <p className="text-xs text-subtle-foreground">Scan with your authenticator app</p>
        </div>
        <div className="flex flex-col gap-6">
          <div>
            <p className="text-sm font-semibold">Can't scan? Enter this key by hand</p>
            <div className="mt-2 flex items-center gap-2 rounded-2xl border border-border bg-surface-raised p-3">
              <code data-testid="totp-secret" className="flex-1 font-mono text-sm tracking-wider">
                {setup.secret.match(/.{1,4}/g)?.join(' ')}
              </code>
              <CopyButton text={setup.secret} label="Copy key" />
            </div>
            <p className="mt-2 text-xs text-subtle-foreground">Time-based, 6 digits, every 30 seconds.</p>
          </div>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <TotpCodeField
              value={code}
              onChange={setCode}
              error={confirm.isError ? serverMessageOr(confirm.error, 'That code did not work.') : undefined}
            />
            <Button type="submit" size="lg" block loading={confirm.isPending} loadingText="Checking...">
              Confirm and continue
            </Button>
          </form>
        </div>
      </CardContent>
    </Card>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const openConsole = useOpenConsole();
  return (
    <FocusedPage
      icon={<KeyRound aria-hidden="true" />}
      eyebrow="Second factor is on"
      title="Save your recovery codes"
      description="If you lose your phone, each of these codes opens the console once. They are shown only now: keep them in a password manager or on paper."
    >
      <Card>
        <CardHeader className="pb-0">
          <CardTitle>Recovery codes</CardTitle>
          <CardDescription>{codes.length} codes, each good for one sign-in.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5 p-6 pt-5 sm:p-7 sm:pt-5">
          <ol
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-2 rounded-2xl border border-border bg-surface-raised p-4 font-mono text-sm"
          >
            {codes.map((code) => (
              <li key={code} className="tracking-wider">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-col gap-3">
            <Button size="lg" block onClick={openConsole}>
              I saved them, open the console
            </Button>
            <CopyButton text={codes.join('\n')} label="Copy all codes" wide />
          </div>
        </CardContent>
      </Card>
    </FocusedPage>
  );
}

function CopyButton({ text, label, wide = false }: { text: string; label: string; wide?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    });
  };
  return (
    <Button
      type="button"
      variant="outline"
      size={wide ? 'md' : 'sm'}
      block={wide}
      onClick={copy}
      aria-label={wide ? undefined : label}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {wide ? (copied ? 'Copied' : label) : copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
