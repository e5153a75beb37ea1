// A labelled form control with its help and its per-field message (spec 5).
import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = {
  label: ReactNode;
  error?: string | undefined;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
};

export function FormField({ label, error, helper, required, children }: Props) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label textStyle="fieldLabel" color="fg.muted">
        {label}
        {required && <Field.RequiredIndicator color="accent.violet" />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText color="fg.subtle">{helper}</Field.HelperText>}
      {error && <Field.ErrorText color="danger">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
