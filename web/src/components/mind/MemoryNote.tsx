// One note an agent keeps about the caller: "Mnemosyne remembers: your name is Orrin", rewritten
// in place (Enter saves, Escape leaves it as it was) or forgotten once the caller confirms it.
import { Flex, Input, Text, chakra } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { graphql, useFragment } from "react-relay";
import { z } from "zod";
import { memoryTextSchema } from "@nomina/shared/mind";
import type { MemoryNote_memory$key } from "../../__generated__/MemoryNote_memory.graphql";
import { useDeleteMemoryMutation, useUpdateMemoryMutation } from "../../mutations/useMemoryMutations";
import { errorMessage } from "../../relay/errors";
import { VeilButton } from "../Buttons";
import { ConfirmDialog } from "../ConfirmDialog";
import { FormField } from "../FormField";
import { InPlaceForm } from "../InPlaceForm";
import { notify } from "../Toaster";

const fragment = graphql`
  fragment MemoryNote_memory on Memory {
    id
    text
  }
`;

const noteSchema = z.object({ text: memoryTextSchema });

type Props = { memory: MemoryNote_memory$key; agentId: string; agentName: string };

export function MemoryNote({ memory, agentId, agentName }: Props) {
  const data = useFragment(fragment, memory);
  const [editing, setEditing] = useState(false);
  const [remove, removing] = useDeleteMemoryMutation(agentId);

  // Asked first (#41): a memory deleted by a stray tap is gone.
  const [asking, setAsking] = useState(false);
  const forget = () =>
    remove(data.id, {
      onCompleted: () => undefined,
      onError: (error) => notify("error", "Could not forget the memory", errorMessage(error, "Try again in a moment")),
    });

  return (
    <chakra.li py={2} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }} data-testid="memory-note">
      {editing ? (
        <NoteEditor id={data.id} text={data.text} onDone={() => setEditing(false)} />
      ) : (
        <Flex gap={3} align="center" justify="space-between" wrap="wrap">
          <Text flex="1" minW="12rem" wordBreak="break-word" data-testid="memory-line">
            <chakra.span color="accent.violet">{agentName} remembers:</chakra.span> {data.text}
          </Text>
          <Flex gap={2} flexShrink={0}>
            <VeilButton size="xs" onClick={() => setEditing(true)} aria-label={`Edit the note “${data.text}”`}>
              Edit
            </VeilButton>
            <VeilButton size="xs" onClick={() => setAsking(true)} loading={removing} aria-label={`Forget the memory “${data.text}”`}>
              Forget
            </VeilButton>
          </Flex>
        </Flex>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={forget}
        title="Forget this memory?"
        body={`${agentName} will no longer remember that ${data.text}. It learns it again only if you tell it again.`}
        confirm="Forget it"
        keep="Keep it"
      />
    </chakra.li>
  );
}

function NoteEditor({ id, text, onDone }: { id: string; text: string; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(noteSchema), defaultValues: { text } });
  const [update, updating] = useUpdateMemoryMutation();
  const save = ({ text: next }: { text: string }) =>
    update(id, next, { onCompleted: onDone, onError: (error) => notify("error", "Could not rewrite the note", errorMessage(error, "Try again in a moment")) });
  return (
    <InPlaceForm label="Edit the note" onSubmit={handleSubmit(save)} saving={updating} onCancel={onDone}>
      <FormField label="The note" error={formState.errors.text?.message}>
        <Input
          {...register("text")}
          autoFocus
          size="sm"
          bg="surface"
          borderColor="border"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              onDone();
            }
          }}
        />
      </FormField>
    </InPlaceForm>
  );
}
