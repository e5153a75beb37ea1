// One of the caller's personas: its name, its description and whether new threads speak as it
// (Default); edited in place, made the default, or deleted once asked.
import { Badge, Box, Flex, Text } from "@chakra-ui/react";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { PersonaItem_persona$key } from "../../__generated__/PersonaItem_persona.graphql";
import { useDeletePersonaMutation, useUpdatePersonaMutation } from "../../mutations/usePersonaMutations";
import { errorMessage } from "../../relay/errors";
import { VeilButton } from "../Buttons";
import { ConfirmDialog } from "../ConfirmDialog";
import { notify } from "../Toaster";
import { PersonaForm } from "./PersonaForm";

const fragment = graphql`
  fragment PersonaItem_persona on Persona {
    id
    name
    description
    isDefault
  }
`;

export function PersonaItem({ persona }: { persona: PersonaItem_persona$key }) {
  const data = useFragment(fragment, persona);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [update, updating] = useUpdatePersonaMutation();
  const [remove, removing] = useDeletePersonaMutation();

  const makeDefault = () =>
    update(
      data.id,
      { isDefault: true },
      { onCompleted: () => undefined, onError: (error) => notify("error", "Could not change the default", errorMessage(error, "Try again in a moment")) },
    );

  const erase = () =>
    remove(data.id, {
      onCompleted: () => undefined,
      onError: (error) => notify("error", "Could not delete the persona", errorMessage(error, "Try again in a moment")),
    });

  return (
    <Box as="li" py={4} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }} data-testid="persona">
      {editing ? (
        <PersonaForm
          label={`Edit ${data.name}`}
          defaults={{ name: data.name, description: data.description }}
          submit="Save"
          busy={updating}
          onCancel={() => setEditing(false)}
          onSave={(fields, refused) =>
            update(data.id, fields, {
              onCompleted: () => setEditing(false),
              onError: (error) => refused(errorMessage(error, "The persona could not be saved")),
            })
          }
        />
      ) : (
        <Flex gap={3} justify="space-between" align={{ base: "stretch", md: "flex-start" }} direction={{ base: "column", md: "row" }}>
          <Box minW={0}>
            <Flex align="center" gap={2} wrap="wrap">
              <Text fontWeight="semibold" color="fg" wordBreak="break-word" data-testid="persona-name">
                {data.name}
              </Text>
              {data.isDefault && (
                <Badge variant="outline" colorPalette="cyan" textStyle="caption" color="glow.cyan">
                  Default
                </Badge>
              )}
            </Flex>
            <Text color="fg.muted" fontSize="sm" mt={1} wordBreak="break-word" whiteSpace="pre-line">
              {data.description || "No description: the agents are told your name only."}
            </Text>
          </Box>
          <Flex gap={2} wrap="wrap" flexShrink={0}>
            <VeilButton size="xs" onClick={() => setEditing(true)} aria-label={`Edit ${data.name}`}>
              Edit
            </VeilButton>
            {!data.isDefault && (
              <VeilButton size="xs" onClick={makeDefault} loading={updating} aria-label={`Make ${data.name} the default`}>
                Make default
              </VeilButton>
            )}
            <VeilButton size="xs" onClick={() => setConfirming(true)} loading={removing} aria-label={`Delete ${data.name}`}>
              Delete
            </VeilButton>
          </Flex>
        </Flex>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={erase}
        title={`Delete ${data.name}?`}
        body={`The agents will no longer be told of ${data.name}; threads that spoke as ${data.name} will speak as no one. This cannot be undone.`}
        confirm="Delete"
        keep="Keep it"
      />
    </Box>
  );
}
