// A form that rewrites one thing where it stands (a thread's title, a note an agent keeps): its
// field, then Save and Cancel beside it, wrapping under it on a narrow screen.
import { Flex } from "@chakra-ui/react";
import type { FormEventHandler, ReactNode } from "react";
import { RitualButton, VeilButton } from "./Buttons";

type Props = {
  /** The form's name, for assistive technology: what it rewrites. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
};

export function InPlaceForm({ label, onSubmit, saving, onCancel, children }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Flex gap={2} align="flex-end" wrap="wrap">
        {children}
        <Flex gap={2}>
          <RitualButton type="submit" size="xs" loading={saving}>
            Save
          </RitualButton>
          <VeilButton size="xs" onClick={onCancel}>
            Cancel
          </VeilButton>
        </Flex>
      </Flex>
    </form>
  );
}
