import { ArrowLeft, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { CONTACT_ROLES, ZApiError, ZContactForm, type TContactForm } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { textLinkClasses } from '@/components/ui/text-link';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { CaptchaWidget, type CaptchaHandle } from '@/lib/captcha/captcha-widget';
import { MARKETING_SITE_URL } from '@/lib/config';
import { useContractForm } from '@/lib/use-contract-form';
import { useSendContactMessageMutation } from '../api/contact';

const EMPTY_FORM: TContactForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role: '',
  customRole: '',
  subject: '',
  message: '',
};

/** docs/product.md §2 "Contact": a message to the people behind Payola, behind a human-verification check. */
export function ContactPage() {
  const sendMessage = useSendContactMessageMutation();
  const form = useContractForm(ZContactForm, EMPTY_FORM);
  const { errors } = form.formState;
  const { register } = form;
  const [token, setToken] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);
  const role = form.watch('role');
  const customRoleField = register('customRole');
  const customRoleInput = useRef<HTMLInputElement | null>(null);
  const previousRole = useRef(role);

  // 'Other (please specify)' reveals the free-text role and moves the cursor into it.
  useEffect(() => {
    if (role === 'custom' && previousRole.current !== 'custom') customRoleInput.current?.focus();
    previousRole.current = role;
  }, [role]);

  function send(fields: TContactForm) {
    if (!token) {
      toast({
        title: 'Verification Required',
        description: 'Please complete the reCAPTCHA verification.',
        variant: 'destructive',
      });
      return;
    }
    const { customRole, role: chosen, phone, ...rest } = fields;
    sendMessage.mutate(
      {
        ...rest,
        phone: phone || undefined,
        role: chosen === 'custom' ? customRole.trim() : chosen,
        recaptchaToken: token,
      },
      {
        onSuccess: () => {
          form.reset(EMPTY_FORM);
          captcha.current?.reset();
          toast({ title: 'Message sent successfully!', description: "We'll get back to you as soon as possible." });
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: serverMessageOr(error, 'Failed to send message. Please try again.'),
            variant: 'destructive',
          });
          captcha.current?.reset();
          const parsed = isApiError(error) ? ZApiError.safeParse(error.body) : undefined;
          if (parsed?.success) form.setServerErrors(parsed.data.fieldErrors);
        },
      },
    );
  }

  return (
    <FocusedPage
      width="lg"
      eyebrow="We read every message"
      title="Contact Us"
      description="Questions about membership, partnerships or the press? Send us a message and we'll get back to you as soon as possible."
    >
      <div className="flex flex-col gap-6">
        <a href={MARKETING_SITE_URL ?? '/'} className={`inline-flex items-center gap-2 self-start ${textLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to main site
        </a>
        <Card className="p-5 sm:p-8">
          <form
            {...form.formProps}
            onSubmit={(event) => void form.handleSubmit(send)(event)}
            className="grid gap-5 sm:grid-cols-2"
          >
            <Field label="First Name" error={errors.firstName?.message} required>
              <Input autoComplete="given-name" {...register('firstName')} />
            </Field>
            <Field label="Last Name" error={errors.lastName?.message} required>
              <Input autoComplete="family-name" {...register('lastName')} />
            </Field>
            <Field label="Email" error={errors.email?.message} required>
              <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
            </Field>
            <Field label="Phone" error={errors.phone?.message} optional>
              <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
            </Field>
            <Field label="Your Role" error={errors.role?.message} required className="sm:col-span-2">
              <Select placeholder="Select your role" options={CONTACT_ROLES} {...register('role')} />
            </Field>
            {role === 'custom' && (
              <Field
                label="Please specify your role"
                error={errors.customRole?.message}
                required
                className="sm:col-span-2"
              >
                <Input
                  maxLength={100}
                  {...customRoleField}
                  ref={(element) => {
                    customRoleField.ref(element);
                    customRoleInput.current = element;
                  }}
                />
              </Field>
            )}
            <Field label="Subject" error={errors.subject?.message} required className="sm:col-span-2">
              <Input {...register('subject')} />
            </Field>
            <Field label="Message" error={errors.message?.message} required className="sm:col-span-2">
              <Textarea rows={6} {...register('message')} />
            </Field>
            <div className="sm:col-span-2">
              <CaptchaWidget ref={captcha} onChange={setToken} />
            </div>
            <div className="pt-2 sm:col-span-2">
              <Button type="submit" size="lg" block loading={sendMessage.isPending} loadingText="Sending...">
                <Send aria-hidden="true" />
                Send Message
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </FocusedPage>
  );
}
