import { useState, type FormEvent } from 'react';
import { ApiError, type FieldViolation } from '../api/client.js';

/**
 * Every console form's state in one small helper: the fields' values, the submit (a TanStack mutation's
 * `isPending` and `error`, passed in) and the server's field violations, each shown by its field.
 * `field('email')` spreads onto an input (`value`, `onChange`, and `aria-invalid` while the server's answer
 * names that field); `violation('email')` is the server's sentence about it. The form's notice says the first
 * violation already ("Email must be…"), so inputs are marked, not described twice.
 */
export function useForm<V extends Record<string, string>>(initial: V, mutation: FormMutation) {
  const [values, setValues] = useState(initial);
  const violations: FieldViolation[] = mutation.error instanceof ApiError ? mutation.error.violations : [];
  const violationOf = (name: keyof V & string) => violations.find((v) => v.field === name);
  return {
    values,
    set: (name: keyof V & string, value: string) => setValues((current) => ({ ...current, [name]: value })),
    reset: () => setValues(initial),
    field: (name: keyof V & string) => ({
      value: values[name],
      onChange: (e: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: e.target.value })),
      'aria-invalid': violationOf(name) ? true : undefined,
    }),
    violation: (name: keyof V & string) => violationOf(name)?.description,
    /** The form's `onSubmit`: no page load, then `submit` with the values (not while one is under way). */
    onSubmit: (submit: (values: V) => void) => (e: FormEvent) => {
      e.preventDefault();
      if (!mutation.isPending) submit(values);
    },
    busy: mutation.isPending,
    /** The sentence to show in the form's notice (the first violation's, named by its field, or the refusal). */
    error: mutation.error?.message,
  };
}

/** What the helper reads from a mutation (`useMutation`'s result). */
export interface FormMutation {
  isPending: boolean;
  error: Error | null;
}
