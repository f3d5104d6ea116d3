import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
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
 */
export function useZodForm<TValues extends FormValues, TOutput>(
  schema: z.ZodType<TOutput, TValues>,
  initialValues: TValues,
) {
  const [values, setValuesState] = useState<TValues>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<TValues>>({});
  // The form element, captured on submit, to move focus to the first invalid field.
  const formElement = useRef<HTMLFormElement | null>(null);
  type Name = keyof TValues & string;

  function setValues(patch: Partial<TValues>) {
    const next = { ...values, ...patch };
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
    const message = collectErrors(schema, values).errors[name];
    setErrors((current) => {
      if (current[name] === message) return current;
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  /** Props for an Input/Select/Textarea; pair with `errors[name]` on its Field. */
  function register(name: Name) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValues({ [name]: event.target.value } as Partial<TValues>),
      onBlur: () => validateField(name),
    };
  }

  function focusField(name: string) {
    const element = formElement.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }

  function handleSubmit(onValid: (data: TOutput) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formElement.current = event.currentTarget;
      const { errors: found, data } = collectErrors(schema, values);
      setErrors(found);
      const first = (Object.keys(values) as Name[]).find((name) => found[name]);
      if (first) {
        focusField(first);
        return;
      }
      onValid(data as TOutput);
    };
  }

  /** Shows errors the server reported per field (a 400's fieldErrors); unknown fields are ignored. */
  function setServerErrors(fieldErrors: Record<string, string[] | undefined> | undefined) {
    if (!fieldErrors) return;
    const next: FieldErrors<TValues> = {};
    for (const [name, messages] of Object.entries(fieldErrors)) {
      if (name in values && messages?.[0]) next[name as Name] = messages[0];
    }
    setErrors((current) => ({ ...current, ...next }));
    const first = (Object.keys(values) as Name[]).find((name) => next[name]);
    if (first) focusField(first);
  }

  return { values, errors, register, setValues, handleSubmit, setServerErrors };
}
