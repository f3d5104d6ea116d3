import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useReducer, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { CaptchaWidget, type CaptchaHandle } from '@/lib/captcha/captcha-widget';
import { listenerMembershipOpen, listenerTargetsText, milestoneProgressQuery } from '@/lib/milestones';
import { useContractForm } from '@/lib/use-contract-form';
import { ZApiError } from '@app/contracts';
import { useJoinWaitlistMutation } from '../api/waitlist';
import {
  EMPTY_WAITLIST_FORM,
  waitlistRequestOf,
  ZWaitlistTextFields,
  type WaitlistTextFields,
} from '../lib/waitlist-form';
import { findListErrors, INITIAL_WAITLIST_STATE, waitlistReducer } from '../lib/waitlist-reducer';
import { ContactMethodsFieldset } from './contact-methods-fieldset';
import { GenrePicker } from './genre-picker';

/** docs/product.md §2 "Waitlist (/waitlist)": the free Listener membership's waitlist. */
export function WaitlistPage() {
  const progress = useQuery(milestoneProgressQuery).data;
  const open = listenerMembershipOpen(progress) === true;
  const join = useJoinWaitlistMutation();
  const form = useContractForm(ZWaitlistTextFields, EMPTY_WAITLIST_FORM);
  const { errors } = form.formState;
  const { register } = form;
  const [state, dispatch] = useReducer(waitlistReducer, INITIAL_WAITLIST_STATE);
  const { listErrors } = state;
  const captcha = useRef<CaptchaHandle>(null);
  const genresRef = useRef<HTMLFieldSetElement>(null);
  const methodsRef = useRef<HTMLFieldSetElement>(null);

  function submit(fields: WaitlistTextFields) {
    const found = findListErrors(state);
    dispatch({ type: 'check' });
    if (found.genres || found.methods || found.captcha || !state.token) {
      if (found.genres) genresRef.current?.querySelector('button')?.focus();
      else if (found.methods) methodsRef.current?.querySelector('input')?.focus();
      return;
    }
    join.mutate(waitlistRequestOf(fields, state, state.token), {
      onSuccess: () => {
        form.reset(EMPTY_WAITLIST_FORM);
        dispatch({ type: 'reset' });
        captcha.current?.reset();
        toast({
          title: 'Welcome to the waitlist!',
          // Once open there is nothing to wait for: the email on its way carries the sign-up link.
          description: open
            ? "The free Listener membership is open: we've emailed you a link to join free."
            : "We'll notify you when the free Listener membership becomes available.",
        });
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: serverMessageOr(error, 'Failed to join waitlist. Please try again.'),
          variant: 'destructive',
        });
        captcha.current?.reset();
        const parsed = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
        if (parsed?.success) form.setServerErrors(parsed.data.fieldErrors);
      },
    });
  }

  return (
    <FocusedPage
      width="lg"
      eyebrow="Free Listener membership"
      title="Join the Listener Waitlist"
      description={
        open ? (
          <>
            The free Listener membership is open: no need to wait.{' '}
            <Link to="/role-selection" className={textLinkClasses}>
              Join free as a Listener
            </Link>{' '}
            now, or leave your details below.
          </>
        ) : (
          `The free Listener membership opens at ${listenerTargetsText(progress)}. Join the waitlist and we'll tell you the moment it does.`
        )
      }
    >
      <Card className="p-5 sm:p-8">
        <form
          {...form.formProps}
          onSubmit={(event) => void form.handleSubmit(submit, () => dispatch({ type: 'check' }))(event)}
          className="grid gap-5 sm:grid-cols-2"
        >
          <Field label="First Name" error={errors.firstName?.message} required>
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field label="Last Name" error={errors.lastName?.message} required>
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field label="Email" error={errors.email?.message} required className="sm:col-span-2">
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </Field>
          <Field label="Country" error={errors.country?.message} required>
            <Input autoComplete="country-name" {...register('country')} />
          </Field>
          <Field label="State/Province" error={errors.state?.message} optional>
            <Input autoComplete="address-level1" {...register('state')} />
          </Field>
          <Field label="City" error={errors.city?.message} required className="sm:col-span-2">
            <Input autoComplete="address-level2" {...register('city')} />
          </Field>

          <GenrePicker ref={genresRef} state={state} error={listErrors.genres} dispatch={dispatch} />
          <ContactMethodsFieldset
            ref={methodsRef}
            methods={state.methods}
            error={listErrors.methods}
            dispatch={dispatch}
          />

          <Field label="Mobile Phone" error={errors.mobilePhone?.message} optional>
            <Input type="tel" autoComplete="tel" inputMode="tel" {...register('mobilePhone')} />
          </Field>
          <Field label="WhatsApp Number" error={errors.whatsappNumber?.message} optional>
            <Input type="tel" inputMode="tel" {...register('whatsappNumber')} />
          </Field>

          <div className="sm:col-span-2">
            <CaptchaWidget
              ref={captcha}
              onChange={(token) => dispatch({ type: 'captcha', token })}
              error={listErrors.captcha}
            />
          </div>

          <div className="flex flex-col gap-3 pt-2 sm:col-span-2 sm:flex-row">
            <Button
              type="submit"
              size="lg"
              loading={join.isPending}
              loadingText="Joining..."
              className="group sm:flex-1"
            >
              Join the Waitlist
              <ArrowRight
                aria-hidden="true"
                className="transition-transform duration-200 group-hover:translate-x-0.5"
              />
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/">Get Verified</Link>
            </Button>
          </div>
        </form>
      </Card>
    </FocusedPage>
  );
}
