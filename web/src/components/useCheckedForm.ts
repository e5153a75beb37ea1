// A small form: its values, and its per-field messages once a submit has been tried (then kept
// up to date as the person corrects them, rather than shouting while they first type).
import { useState, type FormEvent } from "react";

type Errors<V> = Partial<Record<keyof V & string, string>>;
type Validate<V> = (values: V) => Errors<V>;

export function useCheckedForm<V extends Record<string, string>>(initial: V, validate: Validate<V>) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors: Errors<V> = tried ? validate(values) : {};

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  /** A submit handler: sends `values` only when every field is valid. */
  const onSubmit = (send: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    const found = validate(values);
    const first = Object.keys(found)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send(values);
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setTried(false);
  };

  return { values, errors, field, onSubmit, reset, setValues };
}
