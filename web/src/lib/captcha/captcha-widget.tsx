import { useQuery } from '@tanstack/react-query';
import { Check, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { cn } from '@/lib/utils';
import { captchaConfigQuery, requestTestToken } from './captcha-query';

export interface CaptchaHandle {
  /** Clears the widget (after a submit, or a failure: a token works once). */
  reset(): void;
}

interface CaptchaWidgetProps {
  ref?: Ref<CaptchaHandle>;
  /** The token once solved; null when cleared or expired. */
  onChange(token: string | null): void;
  error?: string;
}

/** Like reCAPTCHA's: a solved check expires after 2 minutes. */
const TOKEN_LIFETIME_MS = 2 * 60 * 1000 - 5000;

/**
 * The human-verification widget (docs/product.md §2 Waitlist and Contact): Google reCAPTCHA when the server has
 * its keys, otherwise the built-in check, a checkbox whose token the api signs. Either way the form
 * gets a token to send, and the server verifies it on the same path.
 */
export function CaptchaWidget({ ref, onChange, error }: CaptchaWidgetProps) {
  const config = useQuery(captchaConfigQuery);
  const errorId = useId();
  const widget = useRef<CaptchaHandle>(null);
  useImperativeHandle(ref, () => ({ reset: () => widget.current?.reset() }), []);

  return (
    <div className="flex flex-col gap-2">
      {config.data?.mode === 'recaptcha' && config.data.siteKey ? (
        <Recaptcha ref={widget} siteKey={config.data.siteKey} onChange={onChange} />
      ) : config.data ? (
        <BuiltInCheck ref={widget} onChange={onChange} describedBy={error ? errorId : undefined} />
      ) : (
        <div className="flex h-[78px] items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading verification...
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      )}
    </div>
  );
}

function BuiltInCheck({
  ref,
  onChange,
  describedBy,
}: {
  ref: Ref<CaptchaHandle>;
  onChange(token: string | null): void;
  describedBy?: string;
}) {
  const [state, setState] = useState<'idle' | 'checking' | 'done' | 'failed'>('idle');
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const attempt = useRef(0);
  const id = useId();

  function clear() {
    attempt.current++;
    clearTimeout(expiry.current);
    setState('idle');
    onChange(null);
  }
  useImperativeHandle(ref, () => ({ reset: clear }));
  useEffect(() => () => clearTimeout(expiry.current), []);

  async function check() {
    const mine = ++attempt.current;
    setState('checking');
    try {
      const token = await requestTestToken();
      if (mine !== attempt.current) return;
      setState('done');
      onChange(token);
      expiry.current = setTimeout(clear, TOKEN_LIFETIME_MS);
    } catch {
      if (mine === attempt.current) setState('failed');
    }
  }

  return (
    <div className="flex w-full max-w-sm items-center justify-between gap-4 rounded-xl border border-border-strong bg-surface-raised px-4 py-3 shadow-card">
      <div className="flex items-center gap-3">
        <span className="relative flex size-7 items-center justify-center">
          {state === 'checking' ? (
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-accent" />
          ) : (
            <>
              <input
                id={id}
                type="checkbox"
                checked={state === 'done'}
                aria-describedby={describedBy}
                onChange={(event) => (event.target.checked ? void check() : clear())}
                className={cn(
                  'peer size-6 cursor-pointer appearance-none rounded-md border-2 border-border-strong bg-surface transition-colors',
                  'checked:border-accent checked:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                )}
              />
              <Check
                aria-hidden="true"
                strokeWidth={3}
                className="pointer-events-none absolute inset-1 size-5 text-accent-foreground opacity-0 peer-checked:opacity-100"
              />
            </>
          )}
        </span>
        <label htmlFor={id} className="cursor-pointer text-sm font-medium select-none">
          I'm not a robot
        </label>
      </div>
      <div className="flex flex-col items-center text-[11px] leading-tight text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent" />
        <span>Test mode</span>
      </div>
      {state === 'failed' && (
        <p role="alert" className="sr-only">
          The check could not be completed. Please try again.
        </p>
      )}
    </div>
  );
}

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __payolaRecaptchaLoaded?: () => void;
  }
}

let scriptLoading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  scriptLoading ??= new Promise((resolve, reject) => {
    window.__payolaRecaptchaLoaded = () => resolve(window.grecaptcha!);
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__payolaRecaptchaLoaded';
    script.async = true;
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

function Recaptcha({
  ref,
  siteKey,
  onChange,
}: {
  ref: Ref<CaptchaHandle>;
  siteKey: string;
  onChange(token: string | null): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  });
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    reset() {
      if (widget.current) widget.current.api.reset(widget.current.id);
      latestOnChange.current(null);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (api) => {
        if (cancelled || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: siteKey,
          theme: 'dark',
          callback: (token: string) => latestOnChange.current(token),
          'expired-callback': () => latestOnChange.current(null),
          'error-callback': () => latestOnChange.current(null),
        });
        widget.current = { api, id };
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return (
    <div>
      <div ref={container} className="min-h-[78px]" />
      {failed && (
        <p className="text-sm text-destructive-text">
          The verification could not load. Check your connection and reload the page.
        </p>
      )}
    </div>
  );
}
