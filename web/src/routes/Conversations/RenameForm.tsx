// Renaming a thread in place: the title as the owner calls it, checked by the shared rule
// (words, at most CONVERSATION_TITLE_MAX characters) before it is sent.
import { Input } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { renameConversationSchema } from "@nomina/shared/conversations";
import { FormField } from "../../components/FormField";
import { InPlaceForm } from "../../components/InPlaceForm";
import { notify } from "../../components/Toaster";
import { useRenameConversationMutation } from "../../mutations/useRenameConversationMutation";
import { errorMessage } from "../../relay/errors";

const titleSchema = renameConversationSchema.pick({ title: true });

type Props = { conversationId: string; title: string; onDone: () => void };

export function RenameForm({ conversationId, title, onDone }: Props) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(titleSchema), defaultValues: { title } });
  const [rename, renaming] = useRenameConversationMutation();

  const send = ({ title: next }: { title: string }) =>
    rename(conversationId, next, {
      onCompleted: onDone,
      onError: (error) => notify("error", "Could not rename the thread", errorMessage(error, "Try again in a moment")),
    });

  return (
    <InPlaceForm label="Rename the thread" onSubmit={handleSubmit(send)} saving={renaming} onCancel={onDone}>
      <FormField label="Thread title" error={formState.errors.title?.message}>
        <Input {...register("title")} autoFocus size="sm" bg="surface" borderColor="border" />
      </FormField>
    </InPlaceForm>
  );
}
