import { Link } from '@tanstack/react-router';
import { ArrowLeft, Heart } from 'lucide-react';
import type { ComponentType, Dispatch, FormEvent, PointerEvent, ReactNode } from 'react';
import { LISTENER_MESSAGES } from '@app/contracts';
import { AppPage } from '@/components/ui/app-page';
import { Button } from '@/components/ui/button';
import { StatusPanel } from '@/components/ui/status-panel';
import { useSession } from '@/lib/session/auth-user-query';
import { browsesOnly } from '@/lib/session/roles';
import { VerificationRequiredDialog } from '@/lib/session/verification-required-dialog';
import type { AddFlowAction, AddFlowState } from './add-flow';
import type { ResultDialogProps } from './dialog-parts';
import { AddFormActions, LoadedNotice } from './form-section';

/** What the page takes of an add flow's hook (useAddArtistFlow, useAddVenueFlow). */
interface AddFlow<TFound, TLoaded, TAdded> {
  state: AddFlowState<TFound, TLoaded, TAdded>;
  dispatch: Dispatch<AddFlowAction<TFound, TLoaded, TAdded>>;
  /** Clears the inputs, then applies an action that starts the form again. */
  restart: (action: AddFlowAction<TFound, TLoaded, TAdded>) => void;
  form: { formProps: { noValidate: boolean; onPointerDownCapture: (event: PointerEvent<HTMLFormElement>) => void } };
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

interface AddEntryPageProps<TFound, TLoaded, TAdded> {
  flow: AddFlow<TFound, TLoaded, TAdded>;
  title: string;
  intro: string;
  backTo: '/artists' | '/venues';
  backLabel: string;
  /** Names the form for assistive technology ('Add an artist'). */
  formLabel: string;
  /** Says which entry on file the form holds, when one is loaded. */
  loadedNotice: ReactNode;
  /** The form's numbered sections and its submit card. */
  children: ReactNode;
  /** The success dialog after an add ('Add Another ...' starts a fresh form). */
  AddedDialog: ComponentType<ResultDialogProps<TAdded>>;
  /** The flow's other dialogs. */
  dialogs: ReactNode;
}

/** docs/product.md §2 "Add artist" / "Add venue": the page around an add form (docs/product.md §4 "Add pages mode"). */
export function AddEntryPage<TFound, TLoaded, TAdded>({
  flow: { state, dispatch, restart, form, submit },
  title,
  intro,
  backTo,
  backLabel,
  formLabel,
  loadedNotice,
  children,
  AddedDialog,
  dialogs,
}: AddEntryPageProps<TFound, TLoaded, TAdded>) {
  const { mode } = state;
  // A Listener reaching an add page by its address: the server would refuse the add, so say why here.
  if (browsesOnly(useSession().user)) {
    return (
      <StatusPanel
        icon={<Heart aria-hidden="true" />}
        title="Listeners Browse"
        description={LISTENER_MESSAGES.browseOnly}
      >
        <Button asChild size="lg">
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
      </StatusPanel>
    );
  }
  return (
    <AppPage eyebrow={mode === 'add' ? 'Add' : 'Keep going'} title={title} width="max-w-3xl" intro={intro}>
      <AddFormActions
        backTo={backTo}
        backLabel={backLabel}
        onStartFresh={mode === 'add-another' ? () => restart({ type: 'startFresh', mode: 'add' }) : undefined}
      />

      <form
        {...form.formProps}
        onSubmit={submit}
        aria-label={formLabel}
        className="mt-6 flex animate-rise flex-col gap-6 [animation-delay:140ms]"
      >
        {loadedNotice && <LoadedNotice>{loadedNotice}</LoadedNotice>}
        {children}
      </form>

      {dialogs}
      <AddedDialog
        result={state.added}
        onClose={() => dispatch({ type: 'closeAdded' })}
        onAnother={() => restart({ type: 'addAnother' })}
      />
      {/* docs/product.md §2 "Verification Required modal": an unverified user's add or confirmation opens it. */}
      <VerificationRequiredDialog
        open={state.verificationRequired}
        onOpenChange={(open) => dispatch({ type: 'verificationRequired', open })}
      />
    </AppPage>
  );
}
