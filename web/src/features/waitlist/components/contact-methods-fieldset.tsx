import type { Dispatch, Ref } from 'react';
import { CONTACT_METHODS } from '@app/contracts';
import { Checkbox } from '@/components/ui/checkbox';
import type { ContactMethod, WaitlistAction } from '../lib/waitlist-reducer';
import { RequiredLegend } from './required-legend';

interface ContactMethodsFieldsetProps {
  ref: Ref<HTMLFieldSetElement>;
  methods: readonly ContactMethod[];
  error: string | undefined;
  dispatch: Dispatch<WaitlistAction>;
}

/** docs/product.md §2 "Waitlist": 'Preferred Contact Methods', at least one. */
export function ContactMethodsFieldset({ ref, methods, error, dispatch }: ContactMethodsFieldsetProps) {
  return (
    <fieldset ref={ref} className="flex flex-col gap-3 sm:col-span-2">
      <RequiredLegend>Preferred Contact Methods</RequiredLegend>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {CONTACT_METHODS.map((method) => (
          <Checkbox
            key={method}
            label={method}
            checked={methods.includes(method)}
            aria-describedby={error ? 'waitlist-methods-error' : undefined}
            onCheckedChange={(checked) => dispatch({ type: 'toggleMethod', method, checked })}
          />
        ))}
      </div>
      {error && (
        <p id="waitlist-methods-error" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
