import { useRef, useState, type ChangeEvent, type FormEvent, type PointerEvent } from 'react';
import type { z } from 'zod';

type FormValues = Record<string, string>;
export type FieldErrors<TValues extends FormValues> = Partial<Record<keyof TValues & string, string>>;

/** The first message per top-level field, in the order the schema reports them. */
function collectErrors<TValues extends FormValues>(schema: z.ZodType<unknown, TValues>, values: TValues) {
  const result = schema.safeParse(values);
  const errors: FieldErrors<TValues> = {};
  if (result.success) return { errors, data: result.data };
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as keyof TValues & string;
    if (key in values && errors[key] === undefined) errors[key] = issue.message;
  }
  return { errors, data: undefined };
}

/**
 * Form state validated by a shared zod contract (so the messages are the spec's): a field's error
 * appears when it loses focus or on submit, and clears as soon as the value is fixed.
 *
 * Spread `formProps` on the <form>: besides submit, it holds back a blur's error while a button in
 * the form is being pressed. Otherwise the message appearing on mousedown pushes the button down, the
 * mouseup lands elsewhere, and the click (submit, Generate...) is silently lost.
 */
export function useZodForm<TValues extends FormValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  initialValues: TValues,
) {
  type Name = keyof TValues & string;
  const [values, setValuesState] = useState<TValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TValues>>({});
  // Read by event handlers only: the latest values, the form (to focus a field) and held-back blurs.
  const latest = useRef(initialValues);
  const formElement = useRef<HTMLFormElement | null>(null);
  const pressingButton = useRef(false);
  const heldBack = useRef(new Set<Name>());

  function setValues(patch: Partial<TValues>) {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setValuesState(next);
    // Re-check only the fields already showing an error: fixing one clears it, typing never adds one.
    setErrors((current) => {
      const shown = Object.keys(current) as Name[];
      if (shown.length === 0) return current;
      const fresh = collectErrors(schema, next).errors;
      const kept: FieldErrors<TValues> = {};
      for (const name of shown) if (fresh[name]) kept[name] = fresh[name];
      return kept;
    });
  }

  function validateField(name: Name) {
    const message = collectErrors(schema, latest.current).errors[name];
    setErrors((current) => {
      if (current[name] === message) return current;
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  function onBlur(name: Name) {
    if (pressingButton.current) heldBack.current.add(name);
    else validateField(name);
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
        const names = [...heldBack.current];
        heldBack.current.clear();
        names.forEach(validateField);
      }, 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
  }

  /** Props for an Input/Select/Textarea; pair with `errors[name]` on its Field. */
  function register(name: Name) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValues({ [name]: event.target.value } as Partial<TValues>),
      onBlur: () => onBlur(name),
    };
  }

  function focusField(name: string) {
    const element = formElement.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }

  /** Props for the <form>: validation on submit (focusing the first invalid field), then `onValid`. */
  function formProps(onValid: (data: TOutput) => void) {
    return {
      noValidate: true,
      onPointerDownCapture,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        formElement.current = event.currentTarget;
        const { errors: found, data } = collectErrors(schema, latest.current);
        setErrors(found);
        const first = (Object.keys(latest.current) as Name[]).find((name) => found[name]);
        if (first) {
          focusField(first);
          return;
        }
        onValid(data as TOutput);
      },
    };
  }

  /** Shows errors the server reported per field (a 400's fieldErrors); unknown fields are ignored. */
  function setServerErrors(fieldErrors: Record<string, string[] | undefined> | undefined) {
    if (!fieldErrors) return;
    const next: FieldErrors<TValues> = {};
    for (const [name, messages] of Object.entries(fieldErrors)) {
      if (name in latest.current && messages?.[0]) next[name as Name] = messages[0];
    }
    setErrors((current) => ({ ...current, ...next }));
    const first = (Object.keys(latest.current) as Name[]).find((name) => next[name]);
    if (first) focusField(first);
  }

  return { values, errors, register, setValues, formProps, setServerErrors };
}
