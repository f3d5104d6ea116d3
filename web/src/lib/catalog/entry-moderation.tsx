import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EyeOff, Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  ZReportResponse,
  type ReportReason,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { apiPost, isApiError, serverMessageOr } from '@/lib/api-client';
import { sendWithSession } from '@/lib/session/auth-user-query';
import type { CatalogRoot } from './entry-claims-queries';

/** What each reason asks of the member, under its label. */
const REASON_HELP: Record<ReportReason, string> = {
  'wrong-info': 'A name, genre, place or link is not right.',
  duplicate: 'It is already on the map under another entry.',
  offensive: 'Hateful, abusive or not something that belongs here.',
  other: 'Something else: tell us below.',
};

/** POST {root}/{id}/report: once per member and entry (a second is 409, with thanks for the first). */
function useReportEntry(root: CatalogRoot, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason: ReportReason; text: string }) =>
      sendWithSession(queryClient, () =>
        apiPost(`${root}/${encodeURIComponent(id)}/report`, { reason: body.reason, text: body.text }, ZReportResponse),
      ),
  });
}

/**
 * "Report": a member tells the operators what is wrong with an artist or venue (a reason, and words of
 * their own, required for "Other"). Shown on the profile under its details.
 */
export function ReportEntryButton({ root, id, name }: { root: CatalogRoot; id: string; name: string }) {
  const noun = root === '/api/artists' ? 'artist' : 'venue';
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const report = useReportEntry(root, id);
  const reasonError = tried && !reason ? 'Choose what is wrong.' : undefined;
  const textError = tried && reason === 'other' && !text.trim() ? MODERATION_MESSAGES.otherNeedsText : undefined;
  const done = (title: string) => {
    setOpen(false);
    setReason(null);
    setText('');
    setTried(false);
    toast({ title, description: 'The operators will look at it. Thank you for keeping the map right.' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!reason || (reason === 'other' && !text.trim())) return;
    report.mutate(
      { reason, text },
      {
        onSuccess: () => done(`${name} was reported`),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) done('You already reported this');
        },
      },
    );
  };
  const failure =
    report.isError && !(isApiError(report.error) && report.error.status === 409)
      ? serverMessageOr(report.error, 'The report could not be sent. Please try again.')
      : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setTried(false);
        report.reset();
      }}
      title={`Report ${name}`}
      description={`Tell the operators what is wrong with this ${noun}. Your report is private.`}
      icon={<Flag aria-hidden="true" />}
      trigger={
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Flag aria-hidden="true" />
          Report this {noun}
        </Button>
      }
    >
      <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
        <fieldset className="flex flex-col gap-2" aria-describedby={reasonError ? 'report-reason-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold">What is wrong?</legend>
          {REPORT_REASONS.map((value) => (
            <div
              key={value}
              className="relative flex items-start gap-3 rounded-2xl border border-border bg-surface p-3 transition-colors hover:border-border-strong has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <input
                id={`report-reason-${value}`}
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                aria-describedby={`report-reason-${value}-help`}
                className="relative z-10 mt-1 size-4 accent-accent focus-visible:outline-none"
              />
              <div className="min-w-0">
                {/* The whole card picks the reason: the label covers it. */}
                <label
                  htmlFor={`report-reason-${value}`}
                  className="block cursor-pointer font-semibold after:absolute after:inset-0 after:content-['']"
                >
                  {REPORT_REASON_LABELS[value]}
                </label>
                <p id={`report-reason-${value}-help`} className="text-sm text-muted-foreground">
                  {REASON_HELP[value]}
                </p>
              </div>
            </div>
          ))}
          {reasonError && (
            <p id="report-reason-error" role="alert" className="text-sm text-destructive-text">
              {reasonError}
            </p>
          )}
        </fieldset>
        <Field
          label="Details"
          help={`Up to ${REPORT_TEXT_MAX} characters.`}
          error={textError ?? failure}
          required={reason === 'other'}
          optional={reason !== 'other'}
        >
          <Textarea
            name="text"
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose>
            <Button type="button" variant="ghost">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" loading={report.isPending} loadingText="Sending...">
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** What the adder of a hidden entry sees on its profile (nobody else sees the profile at all). */
export function HiddenEntryNotice({ entry }: { entry: { isPublic: boolean; hiddenReason: string | null } }) {
  if (entry.isPublic) return null;
  return (
    <div
      role="status"
      className="mt-5 flex items-start gap-3 rounded-2xl border border-destructive-text/40 bg-destructive/10 p-4 sm:p-5"
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive-text" />
      <div className="min-w-0">
        <p className="font-semibold">Hidden by the operators: {entry.hiddenReason ?? 'no reason given'}</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Only you can see it. It is out of the lists and search until the operators restore it.
        </p>
      </div>
    </div>
  );
}
