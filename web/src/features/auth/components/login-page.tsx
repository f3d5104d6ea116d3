import { Link, useNavigate } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ZLoginRequest, type TLoginRequest } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { textLinkClasses } from '@/components/ui/text-link';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessageOr } from '@/lib/api-client';
import { storeAccount, storeSelectedRole } from '@/lib/session/local-account';
import { useContractForm } from '@/lib/use-contract-form';
import { cn } from '@/lib/utils';
import { useLoginMutation } from '../api/login';

/** docs/product.md §9: the redirect waits 1 s after login. */
const REDIRECT_AFTER_LOGIN_MS = 1000;

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const form = useContractForm(ZLoginRequest, { email: '', password: '' });
  const { errors } = form.formState;
  const { register } = form;
  const [redirectTo, setRedirectTo] = useState<'/' | '/verification' | '/confirm-sign-up' | null>(null);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => void navigate({ to: redirectTo }), REDIRECT_AFTER_LOGIN_MS);
    return () => clearTimeout(timer);
  }, [navigate, redirectTo]);

  const logIn = (credentials: TLoginRequest) => {
    login.mutate(credentials, {
      onSuccess: ({ user }) => {
        // The payment page reads these, as it does after sign-up.
        storeAccount({ userId: user.id, email: user.email });
        storeSelectedRole(user.role);
        toast({ title: 'Login Successful', description: 'Welcome back!' });
        setRedirectTo(user.paymentCompleted ? '/' : user.role === 'listener' ? '/confirm-sign-up' : '/verification');
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
  };

  return (
    <FocusedPage
      icon={<LogIn aria-hidden="true" />}
      eyebrow="Welcome back"
      title="Log In"
      description="Sign in to your verified account."
    >
      <Card className="p-5 sm:p-8">
        <form {...form.formProps} onSubmit={form.handleSubmit(logIn)} className="flex flex-col gap-5">
          <Field label="Email" error={errors.email?.message} required>
            <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
          </Field>
          <div className="flex flex-col gap-2.5">
            <Field label="Password" error={errors.password?.message} required>
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
