import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FocusedPage } from '@/components/ui/focused-page';
import { Input } from '@/components/ui/input';
import { serverMessageOr } from '@/lib/api-client';
import { useSecondFactorVerify } from '../api/ops';
import { TotpCodeField } from './code-field';

/** Each new session of an operator: a code from the app, or one recovery code, before the console opens. */
export function SecondFactorVerify() {
  const verify = useSecondFactorVerify();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(useRecovery ? { recoveryCode: value } : { code: value });
  };
  const error = verify.isError ? serverMessageOr(verify.error, 'That did not work. Please try again.') : undefined;
  return (
    <FocusedPage
      icon={<LockKeyhole aria-hidden="true" />}
      eyebrow="Operators console"
      title="Confirm it's you"
      description={
        useRecovery
          ? 'Enter one of the recovery codes you saved. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for Payola Ops.'
      }
    >
      <Card>
        <CardContent className="p-6 sm:p-7">
          <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
            {useRecovery ? (
              <Field label="Recovery code" error={error} required>
                <Input
                  name="recoveryCode"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="abcde-fgh23"
                  className="font-mono tracking-wider"
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                />
              </Field>
            ) : (
              <TotpCodeField value={value} onChange={setValue} error={error} />
            )}
            <Button type="submit" size="lg" block loading={verify.isPending} loadingText="Checking...">
              Open the console
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setValue('');
                verify.reset();
              }}
            >
              {useRecovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </FocusedPage>
  );
}
