// Who you are to the agents (#27 item 5): your personas, a new one, and how many you may keep.
// For visitors and users alike: in Settings → Personas, and in a dialog from "Speaking as".
import { Box, Stack, Text, chakra } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { PERSONAS_MAX } from "@nomina/shared/mind";
import type { PersonasPanelQuery } from "../../__generated__/PersonasPanelQuery.graphql";
import { useCreatePersonaMutation } from "../../mutations/usePersonaMutations";
import { errorMessage } from "../../relay/errors";
import { PanelBoundary } from "../PanelBoundary";
import { PersonaForm } from "./PersonaForm";
import { PersonaItem } from "./PersonaItem";

const query = graphql`
  query PersonasPanelQuery {
    personas {
      id
      ...PersonaItem_persona
    }
  }
`;

export function PersonasPanel() {
  return (
    <PanelBoundary loading="Recalling your personas..." failure="Your personas could not be recalled">
      <Personas />
    </PanelBoundary>
  );
}

function Personas() {
  const { personas } = useLazyLoadQuery<PersonasPanelQuery>(query, {}, { fetchPolicy: "store-and-network" });
  const [create, creating] = useCreatePersonaMutation();
  return (
    <Stack gap={6}>
      <Text color="fg.muted">
        A persona is who you are to the agents: a name and a few words, told to the agent in every thread that speaks as it. New threads speak as your default;
        choose another for a thread from “Speaking as” above the whisper box. Only you can see your personas.
      </Text>
      {personas.length === 0 ? (
        <Text textStyle="terminalBody" color="fg.subtle">
          No personas yet: the agents know you only by what you tell them.
        </Text>
      ) : (
        <chakra.ul listStyle="none" aria-label="Your personas">
          {personas.map((persona) => (
            <PersonaItem key={persona.id} persona={persona} />
          ))}
        </chakra.ul>
      )}
      <Box borderTopWidth="1px" borderColor="border" pt={5}>
        <Text as="h3" id="new-persona-title" textStyle="accountHeading" mb={1}>
          New persona
        </Text>
        <Text textStyle="caption" color="fg.subtle" mb={4}>
          {personas.length} of {PERSONAS_MAX} personas
        </Text>
        <PersonaForm
          label="New persona"
          submit="Create persona"
          busy={creating}
          onSave={(fields, refused, saved) =>
            create(fields, { onCompleted: saved, onError: (error) => refused(errorMessage(error, "The persona could not be made")) })
          }
        />
      </Box>
    </Stack>
  );
}
