// A persona's name and short description, checked by the shared rules (@nomina/shared/mind)
// before they are sent; what the server refuses (an eleventh persona) is said under the form.
import { Flex, Input, Stack, Text, Textarea } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PERSONA_DESCRIPTION_MAX, personaFields } from "@nomina/shared/mind";
import { RitualButton, VeilButton } from "../Buttons";
import { FormField } from "../FormField";
import type { PersonaFields } from "../../mutations/usePersonaMutations";

const personaFormSchema = z.object({ name: personaFields.name, description: personaFields.description });

type Props = {
  /** Names the form for assistive technology ("New persona", "Edit Wren"). */
  label: string;
  defaults?: PersonaFields;
  submit: string;
  busy: boolean;
  /** Sends the fields; `refused` says the server's reason under the form. */
  onSave: (fields: PersonaFields, refused: (message: string) => void, saved: () => void) => void;
  onCancel?: () => void;
};

export function PersonaForm({ label, defaults = { name: "", description: "" }, submit, busy, onSave, onCancel }: Props) {
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm({ resolver: zodResolver(personaFormSchema), defaultValues: defaults });
  const { errors } = formState;

  const send = (fields: PersonaFields) => {
    clearErrors("root");
    onSave(
      fields,
      (message) => setError("root.server", { message }),
      () => reset(defaults),
    );
  };

  return (
    <form onSubmit={handleSubmit(send)} noValidate aria-label={label}>
      <Stack gap={4}>
        <FormField label="Name" error={errors.name?.message}>
          <Input {...register("name")} autoComplete="off" placeholder="What the agents may call you" bg="surface" borderColor="border" />
        </FormField>
        <FormField
          label="Description"
          helper={`Optional: what the agents should know of you (at most ${PERSONA_DESCRIPTION_MAX} characters).`}
          error={errors.description?.message}
        >
          <Textarea {...register("description")} rows={2} placeholder="Who you are, in a few words" bg="surface" borderColor="border" />
        </FormField>
        {errors.root?.server?.message && (
          <Text role="alert" color="danger" fontSize="sm">
            {errors.root.server.message}
          </Text>
        )}
        <Flex gap={3} wrap="wrap">
          <RitualButton type="submit" size="sm" loading={busy}>
            {submit}
          </RitualButton>
          {onCancel && (
            <VeilButton size="sm" onClick={onCancel}>
              Cancel
            </VeilButton>
          )}
        </Flex>
      </Stack>
    </form>
  );
}
