import { Link, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ZLoginRequest } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/use-toast';
import { storeAccount, storeSelectedRole } from '@/features/session/lib/local-account';
import { FocusedPage } from '@/features/shell/components/focused-page';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useZodForm } from '@/lib/use-zod-form';
import { useLoginMutation } from '../api/login';

/** Spec §9: the redirect waits 1 s after login. */
const REDIRECT_AFTER_LOGIN_MS = 1000;

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const form = useZodForm(ZLoginRequest, { email: '', password: '' });
  const { errors, register } = form;
  const [redirectTo, setRedirectTo] = useState<'/' | '/verification' | null>(null);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => void navigate({ to: redirectTo }), REDIRECT_AFTER_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectTo]);

  const submit = form.formProps((credentials) => {
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        // The payment page reads these, as it does after sign-up.
        storeAccount({ userId: user.id, email: user.email });
        storeSelectedRole(user.role);
        toast({ title: 'Login Successful', description: 'Welcome back!' });
        setRedirectTo(user.paymentCompleted ? '/' : '/verification');
      },
      onError: (error) => {
        toast({
          title: 'Login Failed',
          description: isApiError(error)
            ? serverMessageOr(error, 'Invalid email or password')
            : 'Login failed. Please try again.',
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <FocusedPage
      icon={<LogIn aria-hidden="true" />}
      eyebrow="Welcome back"
      title="Log In"
      description="Sign in to your verified account."
    >
      <Card className="p-5 sm:p-8">
        <form {...submit} className="flex flex-col gap-5">
          <Field label="Email" error={errors.email} required>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </Field>
          <div className="flex flex-col gap-2.5">
            <Field label="Password" error={errors.password} required>
              <PasswordInput autoComplete="current-password" {...register('password')} />
            </Field>
            <Link to="/forgot-password" className={cn('self-end text-sm', textLinkClasses)}>
              Forgot your password?
            </Link>
          </div>
          <Button
            type="submit"
            size="lg"
            block
            loading={login.isPending || redirectTo !== null}
            loadingText="Logging In..."
            className="mt-1"
          >
            Log In
          </Button>
        </form>
        <p className="mt-6 border-t border-border pt-6 text-center text-sm text-muted-foreground">
          Don't have an account?{' '}
          <Link to="/role-selection" className={textLinkClasses}>
            Create one here
          </Link>
        </p>
      </Card>
    </FocusedPage>
  );
}
