import { TriangleAlert, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_DELETION_MESSAGES, type TAuthUser } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { serverMessageOr } from '@/lib/api-client';
import { formatPayola } from '@/lib/session/user-identity';
import { useDeleteAccountMutation } from '../api/account-deletion';

/** What goes with the account, said before the password is asked for. */
function losses(user: TAuthUser): string[] {
  return [
    `Your Payola balance (${formatPayola(user.payolaBalance)} PYL) and its history`,
    user.foundingFanNumber
      ? `Your membership and founding fan number #${user.foundingFanNumber}`
      : 'Your membership and verification',
    'Your profile, photo, fan messages and videos',
    'Your sign-in: this email address can only start a new account',
  ];
}

/**
 * My Profile, "Delete account": a titled confirmation that says what is lost for good and asks for the
 * password again. On success the account is erased and this browser is signed out (docs/architecture.md).
 */
export function DeleteAccountSection({ user }: { user: TAuthUser }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const deleteAccount = useDeleteAccountMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setMissing(true);
    deleteAccount.mutate(
      { password },
      // The session is gone with the account: a fresh page load starts signed out.
      { onSuccess: () => window.location.assign('/') },
    );
  };
  const error = missing
    ? ACCOUNT_DELETION_MESSAGES.passwordRequired
    : deleteAccount.isError
      ? serverMessageOr(deleteAccount.error, 'Your account could not be deleted. Please try again.')
      : undefined;

  return (
    <Card
      role="region"
      className="mt-6 animate-rise border-destructive/40 p-6 [animation-delay:200ms] sm:p-7"
      aria-labelledby="delete-account-title"
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="max-w-2xl">
          <h2
            id="delete-account-title"
            className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight"
          >
            <UserX aria-hidden="true" className="size-5 text-destructive" />
            Delete account
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
            Erase your account and everything personal you gave us. Artists and venues you added stay in the catalogue,
            marked as added by a deleted member. This cannot be undone.
          </p>
        </div>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            setMissing(false);
            setPassword('');
            deleteAccount.reset();
          }}
          title="Delete your account?"
          description="Your account and everything personal in it are erased for good. There is no undo."
          icon={
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-destructive/15 text-destructive">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
          }
          trigger={
            <Button variant="destructive" className="self-start">
              <UserX aria-hidden="true" />
              Delete account
            </Button>
          }
        >
          <form className="flex flex-col gap-5" onSubmit={submit} noValidate aria-label="Delete account">
            <div className="rounded-2xl border border-border p-4">
              <p className="text-sm font-semibold">You will lose</p>
              <ul className="mt-2 flex flex-col gap-1.5 text-sm text-muted-foreground">
                {losses(user).map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-destructive" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <p className="text-sm leading-relaxed text-muted-foreground">
              Want a copy first? Close this and use <strong className="text-foreground">Download my data</strong> above
              before you delete.
            </p>
            <Field label="Password" help="Your password, to confirm it is you." error={error} required>
              <PasswordInput
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setMissing(false);
                }}
              />
            </Field>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose>
                <Button type="button" variant="ghost">
                  Keep my account
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" loading={deleteAccount.isPending} loadingText="Deleting...">
                Delete my account
              </Button>
            </div>
          </form>
        </Dialog>
      </div>
    </Card>
  );
}
