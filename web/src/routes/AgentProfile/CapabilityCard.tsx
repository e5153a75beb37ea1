// What the agent can do: primary skills, available tools, operational constraints.
import { SimpleGrid, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { CapabilityCard_agent$key } from "../../__generated__/CapabilityCard_agent.graphql";
import { Chips, Fact, ProfileCard } from "./ProfileCard";

const fragment = graphql`
  fragment CapabilityCard_agent on Agent {
    capabilities {
      skills
      tools
      limitations
    }
  }
`;

export function CapabilityCard({ agent }: { agent: CapabilityCard_agent$key }) {
  const { capabilities } = useFragment(fragment, agent);
  return (
    <ProfileCard title="Capabilities" icon="⚙">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
        <Fact label="Primary skills">
          <Chips items={capabilities?.skills ?? []} empty="None recorded" />
        </Fact>
        <Fact label="Available tools">
          <Chips items={capabilities?.tools ?? []} empty="None recorded" />
        </Fact>
        <Fact label="Operational constraints">
          <Text>{capabilities?.limitations ?? "None recorded"}</Text>
        </Fact>
      </SimpleGrid>
    </ProfileCard>
  );
}
