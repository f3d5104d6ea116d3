import { useQuery } from '@tanstack/react-query';
import { Clock, Copy, KeyRound, ShieldCheck, ShieldX } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { CLAIM_CODE_PATTERN, CLAIM_MESSAGES, type TClaimCode, type TEntryClaimStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { entryClaimQueryOptions, useStartClaim, useSubmitClaim, type CatalogRoot } from './entry-claims-queries';
import { longUsDate } from './format';

type Noun = 'artist' | 'venue';

/** A link of the entry the member may choose: where the code must appear. */
export interface ClaimableLink {
  label: string;
  url: string;
}

/** 'Claimed by the artist' / 'Claimed by the venue', once an operator approved a claim. */
export function ClaimedBadge({ root, id, noun }: { root: CatalogRoot; id: string; noun: Noun }) {
  const claim = useQuery(entryClaimQueryOptions(root, id));
  if (!claim.data?.claimed) return null;
  return (
    <p>
      <Badge variant="accent" size="lg">
        <ShieldCheck aria-hidden="true" />
        Claimed by the {noun}
      </Badge>
    </p>
  );
}

/**
 * The claim card of a profile, for the member it concerns: an artist- or venue-role member may claim
 * the entry (a code to put on one of its links, then which link); the claimant gets `manage` (the edit).
 * Nobody else sees it.
 */
export function EntryClaimSection({
  root,
  id,
  noun,
  name,
  links,
  manage,
}: {
  root: CatalogRoot;
  id: string;
  noun: Noun;
  name: string;
  links: readonly ClaimableLink[];
  manage: ReactNode;
}) {
  const claim = useQuery(entryClaimQueryOptions(root, id));
  const status = claim.data;
  if (!status) return null;
  if (status.claimedByYou) {
    return (
      <ClaimCard icon={<ShieldCheck aria-hidden="true" />} title={`You manage this ${noun}`}>
        <p className="text-muted-foreground">
          An operator confirmed your claim. You can keep {name}&rsquo;s details up to date; every change shows in its
          history.
        </p>
        <div className="mt-4">{manage}</div>
      </ClaimCard>
    );
  }
  const yours = status.yours;
  if (yours?.status === 'pending') {
    return (
      <ClaimCard icon={<Clock aria-hidden="true" />} title="Your claim is being checked">
        <p className="text-muted-foreground">
          An operator will look for your code on{' '}
          <a
            className="font-medium break-all text-foreground underline"
            href={yours.link?.url}
            target="_blank"
            rel="noreferrer"
          >
            {yours.link?.url}
          </a>{' '}
          and approve or refuse your claim. Keep the code there until then.
        </p>
      </ClaimCard>
    );
  }
  if (!status.canClaim) return null;
  const openCode = yours?.status === 'code-issued' && new Date(yours.expiresAt) > new Date() ? yours : null;
  return (
    <ClaimCard icon={<KeyRound aria-hidden="true" />} title={`Is this your ${noun}?`}>
      {yours?.status === 'refused' && (
        <p role="status" className="mb-3 flex items-start gap-2 text-destructive-text">
          <ShieldX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Your last claim was refused{yours.reason ? `: ${yours.reason}` : '.'} You can try again with a new code.
          </span>
        </p>
      )}
      <p className="text-muted-foreground">
        Claim {name} to manage its details. We give you a one-time code to put on one of its links; an operator checks
        it by hand.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ClaimDialog root={root} id={id} noun={noun} name={name} links={links} openCode={openCode} />
      </div>
    </ClaimCard>
  );
}

function ClaimCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mt-6 animate-rise border-accent/30 p-6 [animation-delay:100ms] sm:p-7">
      <h2 className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight [&_svg]:size-5 [&_svg]:text-accent">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/**
 * Start (or finish) a claim: the code is shown once, with what to do with it; then the member picks the
 * link that shows it. A member who left with a code comes back to type it in, or asks for a new one.
 */
function ClaimDialog({
  root,
  id,
  noun,
  name,
  links,
  openCode,
}: {
  root: CatalogRoot;
  id: string;
  noun: Noun;
  name: string;
  links: readonly ClaimableLink[];
  openCode: NonNullable<TEntryClaimStatus['yours']> | null;
}) {
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<TClaimCode | null>(null);
  const [typed, setTyped] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [problem, setProblem] = useState<{ field: 'code' | 'link'; message: string } | null>(null);
  const start = useStartClaim(root, id);
  const submit = useSubmitClaim(root, id);
  const legendId = useId();

  const getCode = (renew: boolean) =>
    start.mutate(renew, {
      onSuccess: (code) => {
        setIssued(code);
        setTyped(code.code);
      },
    });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setProblem(null);
    submit.reset();
    if (next && !openCode && !issued) getCode(false);
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim().toUpperCase();
    if (!CLAIM_CODE_PATTERN.test(code)) {
      return setProblem({ field: 'code', message: 'A claim code looks like PAYOLA-ABCD-EFGH-JKMN.' });
    }
    if (!linkUrl) return setProblem({ field: 'link', message: CLAIM_MESSAGES.chooseLink });
    submit.mutate(
      { code, linkUrl },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Claim sent', description: 'An operator will check your link and let you know here.' });
        },
      },
    );
  };
  const code = issued?.code ?? null;
  const expires = issued?.expiresAt ?? openCode?.expiresAt;
  const serverError = submit.isError
    ? serverMessageOr(submit.error, 'Your claim could not be sent. Please try again.')
    : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Claim ${name}`}
      description={
        code
          ? `Put this code on one of ${name}'s links — your website, Bandcamp, Instagram bio... — then tell us where.`
          : `Type the code you put on one of ${name}'s links, then tell us where it is.`
      }
      trigger={<Button>{openCode ? 'Finish your claim' : `Claim this ${noun}`}</Button>}
    >
      {start.isPending ? (
        <p role="status" className="text-muted-foreground">
          Making your code...
        </p>
      ) : start.isError ? (
        <p role="alert" className="text-destructive-text">
          {serverMessageOr(start.error, 'No code could be made. Please try again.')}
        </p>
      ) : (
        <form className="flex flex-col gap-5" onSubmit={send} noValidate>
          {code ? (
            <div className="rounded-2xl border border-accent/40 bg-accent-soft p-4">
              <p className="text-sm font-medium text-muted-foreground">Your claim code (shown only this once)</p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <output
                  aria-label="Your claim code"
                  className="font-mono text-xl font-bold tracking-wider text-foreground"
                >
                  {code}
                </output>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => void navigator.clipboard?.writeText(code).then(() => toast({ title: 'Code copied' }))}
                >
                  <Copy aria-hidden="true" />
                  Copy code
                </Button>
              </div>
              {expires && (
                <p className="mt-2 text-sm text-muted-foreground">It works once, until {longUsDate(expires)}.</p>
              )}
            </div>
          ) : (
            <>
              <Field
                label="Your claim code"
                help={expires ? `It works once, until ${longUsDate(expires)}.` : undefined}
                error={problem?.field === 'code' ? problem.message : undefined}
                required
              >
                <Input
                  name="code"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="PAYOLA-ABCD-EFGH-JKMN"
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    setProblem(null);
                  }}
                />
              </Field>
              <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => getCode(true)}>
                Lost it? Get a new code
              </Button>
            </>
          )}
          <fieldset aria-describedby={problem?.field === 'link' ? `${legendId}-error` : undefined}>
            <legend id={legendId} className="text-sm font-medium">
              Which link shows the code?
            </legend>
            {links.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">
                This {noun} has no links yet, so it cannot be claimed.
              </p>
            ) : (
              <ul className="mt-2 flex flex-col gap-2">
                {links.map((link) => (
                  <li key={link.url}>
                    <label className="grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 rounded-xl border border-border bg-surface p-3 has-[:checked]:border-accent">
                      <input
                        type="radio"
                        name="claim-link"
                        value={link.url}
                        checked={linkUrl === link.url}
                        onChange={() => {
                          setLinkUrl(link.url);
                          setProblem(null);
                        }}
                        className="row-span-2 mt-1 accent-[var(--color-accent)]"
                      />
                      <span className="font-medium">{link.label}</span>
                      <span className="text-sm break-all text-muted-foreground">{link.url}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {problem?.field === 'link' && (
              <p id={`${legendId}-error`} role="alert" className="mt-2 text-sm text-destructive-text">
                {problem.message}
              </p>
            )}
          </fieldset>
          {serverError && (
            <p role="alert" className="text-sm text-destructive-text">
              {serverError}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose>
              <Button type="button" variant="ghost">
                Later
              </Button>
            </DialogClose>
            <Button type="submit" loading={submit.isPending} loadingText="Sending..." disabled={links.length === 0}>
              Send my claim
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
