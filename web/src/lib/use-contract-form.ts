import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent, type FocusEvent, type PointerEvent } from 'react';
import { useForm, type DefaultValues, type Path, type RegisterOptions } from 'react-hook-form';
import type { z } from 'zod';

type FormValues = Record<string, string>;

/**
 * react-hook-form validated by a shared zod contract (so the messages are the spec's). A field's error
 * appears when it loses focus or on submit, which focuses the first invalid field; when a value changes
 * (typing, or setValue/setValues from this hook), the errors already shown are checked again, so fixing
 * one clears it, but a change never adds one.
 *
 * Spread `formProps` on the <form> (next to `onSubmit={form.handleSubmit(...)}`): it holds back a
 * blur's error while a button in the form is being pressed. Otherwise the message appearing on
 * mousedown pushes the button down, the mouseup lands elsewhere, and the click (submit, Generate...)
 * is silently lost.
 */
export function useContractForm<TValues extends FormValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  defaultValues: TValues,
) {
  type Name = Path<TValues>;
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as DefaultValues<TValues>,
    mode: 'onBlur',
    // After a submit too, a field is (re)validated when it loses focus, not on every keystroke.
    reValidateMode: 'onBlur',
    shouldFocusError: true,
  });
  // The form's fields in their order on screen (the order of the initial values).
  const [names] = useState(() => Object.keys(defaultValues) as Name[]);
  const pressingButton = useRef(false);
  const heldBack = useRef(new Set<Name>());

  /** After any value change: fixing a shown error clears it; fields without one stay quiet. */
  function recheckShownErrors() {
    const shown = names.filter((name) => form.getFieldState(name).error);
    if (shown.length > 0) void form.trigger(shown);
  }

  function onPointerDownCapture(event: PointerEvent<HTMLFormElement>) {
    if (!(event.target instanceof Element) || !event.target.closest('button, a')) return;
    pressingButton.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      // pointerup, mouseup and click share one task: validate after the click has landed.
      setTimeout(() => {
        pressingButton.current = false;
        const fields = [...heldBack.current];
        heldBack.current.clear();
        if (fields.length > 0) void form.trigger(fields);
      }, 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  }

  /** react-hook-form's register, with the checks above on change and the blur held back while a button is pressed. */
  function register(name: Name, options?: RegisterOptions<TValues, Name>) {
    const field = form.register(name, options);
    return {
      ...field,
      onChange: async (event: ChangeEvent<HTMLElement>) => {
        await field.onChange(event);
        recheckShownErrors();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!pressingButton.current) return field.onBlur(event);
        heldBack.current.add(name);
        return Promise.resolve();
      },
    };
  }

  /** Shows errors the server reported per field (a 400's fieldErrors) and focuses the first one. */
  function setServerErrors(fieldErrors: Partial<Record<string, string[]>> | undefined) {
    const reported = names.filter((name) => fieldErrors?.[name]?.[0]);
    for (const name of reported) form.setError(name, { type: 'server', message: fieldErrors?.[name]?.[0] });
    if (reported[0]) form.setFocus(reported[0]);
  }

  return {
    ...form,
    register,
    setValue: (...args: Parameters<typeof form.setValue>) => {
      form.setValue(...args);
      recheckShownErrors();
    },
    setValues: (...args: Parameters<typeof form.setValues>) => {
      form.setValues(...args);
      recheckShownErrors();
    },
    setServerErrors,
    formProps: { noValidate: true, onPointerDownCapture },
  };
}
