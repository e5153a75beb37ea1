// An agent's particulars (spec 2, The Named): username, type, created date and by whom, its
// origin, creation ritual and capabilities.
import { Box, Dialog, Heading, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { DialogFrame } from "./DialogFrame";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import type { AgentDetailsDialog_agent$key } from "../__generated__/AgentDetailsDialog_agent.graphql";
import { formatDate } from "./format";
import { Glyph } from "./Glyph";

const Trigger = chakra("button");

const fragment = graphql`
  fragment AgentDetailsDialog_agent on Agent {
    name
    username
    glyph
    type
    createdAt
    createdBy
    description
    creationRitual
    capabilities {
      skills
      tools
      limitations
    }
  }
`;

export function AgentDetailsDialog({ agent }: { agent: AgentDetailsDialog_agent$key }) {
  const data = useFragment(fragment, agent);
  const capabilities = data.capabilities;
  return (
    <Dialog.Root placement="center" size={{ base: "full", md: "lg" }} scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Trigger type="button" textStyle="terminalBody" color="fg.muted" cursor="pointer" _hover={{ color: "fg" }} aria-label={`Details of ${data.name}`}>
          Details
        </Trigger>
      </Dialog.Trigger>
      <DialogFrame>
        <Dialog.Header display="flex" alignItems="center" gap={4}>
          <Glyph glyph={data.glyph} size="md" label={`${data.name}'s glyph`} />
          <Box>
            <Dialog.Title fontFamily="heading" fontSize="2xl">
              {data.name}
            </Dialog.Title>
            <Text textStyle="terminalBody" color="fg.subtle">
              @{data.username}
            </Text>
          </Box>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap={4} mb={6}>
            <Fact label="Type">{data.type}</Fact>
            <Fact label="Created">{formatDate(data.createdAt)}</Fact>
            <Fact label="Created by">{data.createdBy}</Fact>
          </SimpleGrid>
          <Section title="Origin">{data.description ?? "Its origin is unrecorded."}</Section>
          <Section title="Creation ritual">{data.creationRitual ?? "No ritual was recorded."}</Section>
          <Section title="Capabilities">
            <Fact label="Skills">{capabilities?.skills.length ? capabilities.skills.join(", ") : "None recorded"}</Fact>
            <Fact label="Tools">{capabilities?.tools.length ? capabilities.tools.join(", ") : "None recorded"}</Fact>
            <Fact label="Limitations">{capabilities?.limitations ?? "None recorded"}</Fact>
          </Section>
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box mb={2}>
      <Text textStyle="fieldLabel" color="accent.violet">
        {label}
      </Text>
      <Text>{children}</Text>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box mb={5}>
      <Heading as="h3" fontFamily="heading" fontSize="md" color="accent" mb={2}>
        {title}
      </Heading>
      <Box color="fg.muted">{children}</Box>
    </Box>
  );
}
