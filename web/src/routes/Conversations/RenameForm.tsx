// Renaming a thread in place: the title as the owner calls it, checked by the shared rule
// (words, at most CONVERSATION_TITLE_MAX characters) before it is sent.
import { Flex, Input, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { renameConversationSchema } from "@nomina/shared/conversations";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { useRenameConversationMutation } from "../../mutations/useRenameConversationMutation";
import { errorMessage } from "../../relay/errors";

type Props = { conversationId: string; title: string; onDone: () => void };

export function RenameForm({ conversationId, title, onDone }: Props) {
  const [value, setValue] = useState(title);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, renaming] = useRenameConversationMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = renameConversationSchema.shape.title.safeParse(value);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? "A title needs words");
    rename(conversationId, checked.data, {
      onCompleted: onDone,
      onError: (error) => notify("error", "Could not rename the thread", errorMessage(error, "Try again in a moment")),
    });
  };

  return (
    <form onSubmit={submit} aria-label="Rename the thread">
      <Flex gap={2} align="center" wrap="wrap">
        <Input
          aria-label="Thread title"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          autoFocus
          size="sm"
          flex="1 1 14rem"
          bg="surface"
          borderColor="border"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${conversationId}-problem` : undefined}
        />
        <RitualButton type="submit" size="xs" loading={renaming}>
          Save
        </RitualButton>
        <VeilButton size="xs" onClick={onDone}>
          Cancel
        </VeilButton>
      </Flex>
      {problem && (
        <Text id={`${conversationId}-problem`} role="alert" fontSize="sm" color="danger" mt={1}>
          {problem}
        </Text>
      )}
    </form>
  );
}
