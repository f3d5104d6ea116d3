import type { FormEvent, PointerEvent, ReactNode } from 'react';
import { AppPage } from '@/components/ui/app-page';
import type { AddMode } from './add-flow';
import { AddFormActions, LoadedNotice } from './form-section';

interface AddEntryPageProps {
  mode: AddMode;
  title: string;
  intro: string;
  backTo: '/artists' | '/venues';
  backLabel: string;
  /** 'Start Fresh', offered in add-another mode. */
  onStartFresh: () => void;
  /** The contract form's `formProps`. */
  formProps: { noValidate: boolean; onPointerDownCapture: (event: PointerEvent<HTMLFormElement>) => void };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Names the form for assistive technology ('Add an artist'). */
  formLabel: string;
  /** Says which entry on file the form holds, when one is loaded. */
  loadedNotice: ReactNode;
  /** The form's numbered sections and its submit card. */
  children: ReactNode;
  /** The flow's dialogs, after the form. */
  dialogs: ReactNode;
}

/** docs/product.md §2 "Add artist" / "Add venue": the page around an add form (docs/product.md §4 "Add pages mode"). */
export function AddEntryPage({
  mode,
  title,
  intro,
  backTo,
  backLabel,
  onStartFresh,
  formProps,
  onSubmit,
  formLabel,
  loadedNotice,
  children,
  dialogs,
}: AddEntryPageProps) {
  return (
    <AppPage eyebrow={mode === 'add' ? 'Add' : 'Keep going'} title={title} width="max-w-3xl" intro={intro}>
      <AddFormActions
        backTo={backTo}
        backLabel={backLabel}
        onStartFresh={mode === 'add-another' ? onStartFresh : undefined}
      />

      <form
        {...formProps}
        onSubmit={onSubmit}
        aria-label={formLabel}
        className="mt-6 flex animate-rise flex-col gap-6 [animation-delay:140ms]"
      >
        {loadedNotice && <LoadedNotice>{loadedNotice}</LoadedNotice>}
        {children}
      </form>

      {dialogs}
    </AppPage>
  );
}
