import { Plus, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { OFFER_KIND_LABELS, OFFER_KINDS, type TOfferKind, type TOfferOwner } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCreateOfferMutation } from '../api/shop';
import {
  emptyOfferForm,
  offerFormErrors,
  offerRequestOf,
  type OfferFormErrors,
  type OfferFormValues,
} from '../lib/offer-form';

/** 'Create offer' for an entry the member's approved claim covers (the server checks the claim again). */
export function CreateOfferDialog({ owner, entryName }: { owner: TOfferOwner; entryName: string }) {
  const [open, setOpen] = useState(false);
  // Platform-wide offers are in-app rewards only (the server says so too).
  const kinds = owner.kind === 'platform' ? (['in-app-reward'] as const) : OFFER_KINDS;
  const fresh = () => ({ ...emptyOfferForm(), kind: kinds[0] });
  const [values, setValues] = useState<OfferFormValues>(fresh);
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateOfferMutation();
  const formId = useId();
  // A field's error goes as soon as the member changes it (the next submit checks everything again).
  const set = (change: Partial<OfferFormValues>) => {
    setValues((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change) as (keyof OfferFormValues)[]) delete next[key];
      if ('validFrom' in change) delete next.validTo;
      return next;
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const request = offerRequestOf(owner, values);
    const found = offerFormErrors(request, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(request, {
      onSuccess: ({ offer }) => {
        toast({ title: 'Offer created', description: `${offer.title}: ${offer.stock.toLocaleString('en-US')} codes.` });
        setOpen(false);
        setValues(fresh());
      },
      onError: (error) => setProblem(serverMessageOr(error, 'The offer could not be created. Please try again.')),
    });
  }

  async function readCsv(file: File | undefined) {
    if (!file) return set({ csv: '', csvName: '' });
    set({ csv: await file.text(), csvName: file.name });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setErrors({});
          setProblem(null);
        }
      }}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Create offer
        </Button>
      }
      title="Create an offer"
      description={`For ${entryName}. Fans redeem it with Payola and get one of its codes.`}
      className="max-w-2xl"
      footer={
        <>
          <DialogClose>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={create.isPending} loadingText="Creating...">
            Create offer
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
        <Field label="Kind" required className="sm:col-span-2" error={errors.kind}>
          <Select
            value={values.kind}
            onChange={(event) => set({ kind: event.target.value as TOfferKind })}
            options={kinds.map((value) => ({ value, label: OFFER_KIND_LABELS[value] }))}
          />
        </Field>
        <Field label="Title" required className="sm:col-span-2" error={errors.title}>
          <Input value={values.title} maxLength={120} onChange={(event) => set({ title: event.target.value })} />
        </Field>
        <Field label="Description" required className="sm:col-span-2" error={errors.description}>
          <Textarea
            rows={3}
            maxLength={2000}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </Field>
        <Field
          label="How to use it"
          optional
          className="sm:col-span-2"
          help="Shown with the code. Leave blank for the usual words for this kind of offer."
          error={errors.howToUse}
        >
          <Input value={values.howToUse} maxLength={500} onChange={(event) => set({ howToUse: event.target.value })} />
        </Field>
        <Field label="Price in Payola" required error={errors.price}>
          <Input
            inputMode="numeric"
            value={values.price}
            onChange={(event) => set({ price: event.target.value.replace(/\D/g, '') })}
          />
        </Field>
        <Field label="Limit per fan" required help="How many times one fan may redeem it." error={errors.perFanLimit}>
          <Input
            inputMode="numeric"
            value={values.perFanLimit}
            onChange={(event) => set({ perFanLimit: event.target.value.replace(/\D/g, '') })}
          />
        </Field>
        <Field label="Valid from" required error={errors.validFrom}>
          <Input type="date" value={values.validFrom} onChange={(event) => set({ validFrom: event.target.value })} />
        </Field>
        <Field label="Valid to" required error={errors.validTo}>
          <Input type="date" value={values.validTo} onChange={(event) => set({ validTo: event.target.value })} />
        </Field>
        <fieldset className="flex flex-col gap-4 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">Codes</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                ['generate', 'Generate codes', 'Unique, hard to guess, easy to read aloud.'],
                ['csv', 'Upload a CSV file', 'Your own codes, one per row.'],
              ] as const
            ).map(([value, label, hint]) => (
              <div
                key={value}
                className={cn(
                  'relative flex items-start gap-3 rounded-2xl border p-4 transition-colors',
                  values.codes === value ? 'border-accent bg-accent-soft' : 'border-border hover:border-border-strong',
                )}
              >
                <input
                  id={`${formId}-${value}`}
                  type="radio"
                  name={`${formId}-codes`}
                  value={value}
                  checked={values.codes === value}
                  onChange={() => set({ codes: value })}
                  aria-describedby={`${formId}-${value}-hint`}
                  className="relative z-10 mt-1 size-4 accent-[var(--color-accent)]"
                />
                <div>
                  {/* The label's box covers the whole option, so a tap anywhere on it chooses it. */}
                  <label
                    htmlFor={`${formId}-${value}`}
                    className="block cursor-pointer text-sm font-semibold after:absolute after:inset-0"
                  >
                    {label}
                  </label>
                  <p id={`${formId}-${value}-hint`} className="text-xs text-muted-foreground">
                    {hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
          {values.codes === 'generate' ? (
            <Field label="How many codes" required help="This is the offer's stock." error={errors.generate}>
              <Input
                inputMode="numeric"
                value={values.generate}
                onChange={(event) => set({ generate: event.target.value.replace(/\D/g, '') })}
              />
            </Field>
          ) : (
            <Field
              label="CSV file of codes"
              required
              help={values.csvName ? `${values.csvName} is ready.` : 'One code per row, no header. Each code is stock.'}
              error={errors.csv}
            >
              <Input
                type="file"
                accept=".csv,text/csv,text/plain"
                className="h-auto py-3 file:mr-3 file:rounded-full file:border-0 file:bg-surface-overlay file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-foreground"
                onChange={(event) => void readCsv(event.target.files?.[0])}
              />
            </Field>
          )}
        </fieldset>
        {problem && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-destructive-text/40 bg-destructive/10 p-3 text-sm text-destructive-text sm:col-span-2"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
