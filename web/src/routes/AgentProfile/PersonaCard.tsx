// The agent's persona: core traits, communication tone, behavioural pattern.
import { SimpleGrid, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { PersonaCard_agent$key } from "../../__generated__/PersonaCard_agent.graphql";
import { Chips, Fact, ProfileCard } from "./ProfileCard";

const fragment = graphql`
  fragment PersonaCard_agent on Agent {
    personality
    persona {
      traits
      tone
      behavior
    }
  }
`;

export function PersonaCard({ agent }: { agent: PersonaCard_agent$key }) {
  const { persona, personality } = useFragment(fragment, agent);
  return (
    <ProfileCard title="Persona" icon="◈">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
        <Fact label="Core traits">
          <Chips items={persona?.traits ?? []} empty="Unrevealed" />
        </Fact>
        <Fact label="Communication tone">
          <Text>{persona?.tone ?? "mystical"}</Text>
        </Fact>
        <Fact label="Behavioral pattern">
          <Text>{persona?.behavior ?? personality}</Text>
        </Fact>
      </SimpleGrid>
    </ProfileCard>
  );
}
