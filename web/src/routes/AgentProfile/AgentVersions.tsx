// The agent's saved versions, newest first (none until its first edit): each earlier one can
// be opened and read as that save left it, never changed (issue #18).
import { Box, Flex, Heading, SimpleGrid, Stack, Text, chakra } from "@chakra-ui/react";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { AgentVersions_agent$key } from "../../__generated__/AgentVersions_agent.graphql";
import type { AgentVersionsVersionQuery } from "../../__generated__/AgentVersionsVersionQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { RitualLoader } from "../../components/RitualLoader";
import { Chips, Fact, ProfileCard } from "./ProfileCard";

const fragment = graphql`
  fragment AgentVersions_agent on Agent
  @refetchable(queryName: "AgentVersionsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
    rawId
    version
    versions(first: $count, after: $cursor) @connection(key: "AgentVersions_versions") {
      edges {
        node {
          id
          version
          editedBy
          createdAt
        }
      }
    }
  }
`;

const versionQuery = graphql`
  query AgentVersionsVersionQuery($ref: String!, $version: Int!) {
    agent(ref: $ref) {
      id
      versionAt(version: $version) {
        id
        version
        name
        glyph
        description
        personality
        apiModel
        persona {
          traits
          tone
          behavior
        }
        capabilities {
          skills
          tools
          limitations
        }
        outputs {
          type
          content
          quality
        }
      }
    }
  }
`;

export function AgentVersions({ agent }: { agent: AgentVersions_agent$key }) {
  // Ten at a time, newest first; earlier ones by cursor.
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, agent);
  const [open, setOpen] = useState<number | null>(null);
  const versions = data.versions.edges.map((edge) => edge.node);
  if (versions.length === 0) return null;
  return (
    <ProfileCard title="Versions" icon="⟲">
      <chakra.ul listStyle="none" display="flex" flexDirection="column" gap={2}>
        {versions.map((saved) => (
          <Flex as="li" key={saved.id} gap={3} align="center" justify="space-between" wrap="wrap" borderBottomWidth="1px" borderColor="border" pb={2}>
            <Text>
              <Text as="span" fontFamily="heading" color={saved.version === data.version ? "accent" : "fg"}>
                Version {saved.version}
              </Text>
              <Text as="span" textStyle="caption" color="fg.subtle">
                {" "}
                · by {saved.editedBy} · <time dateTime={saved.createdAt}>{timeAgo(saved.createdAt)}</time>
                {saved.version === data.version && " · current"}
              </Text>
            </Text>
            {saved.version !== data.version && (
              <VeilButton size="xs" aria-expanded={open === saved.version} onClick={() => setOpen(open === saved.version ? null : saved.version)}>
                {open === saved.version ? `Close version ${saved.version}` : `View version ${saved.version}`}
              </VeilButton>
            )}
          </Flex>
        ))}
      </chakra.ul>
      {hasNext && (
        <VeilButton size="xs" mt={3} loading={isLoadingNext} loadingText="Recalling..." onClick={() => loadNext(10)}>
          Earlier versions
        </VeilButton>
      )}
      {open !== null && (
        <Suspense fallback={<RitualLoader label="Recalling that version..." />}>
          <VersionView agentRef={data.rawId} version={open} />
        </Suspense>
      )}
    </ProfileCard>
  );
}

function VersionView({ agentRef, version }: { agentRef: string; version: number }) {
  const { agent } = useLazyLoadQuery<AgentVersionsVersionQuery>(versionQuery, { ref: agentRef, version }, { fetchPolicy: "store-or-network" });
  const saved = agent?.versionAt;
  if (!saved) {
    return (
      <Text role="alert" color="danger" mt={4}>
        Version {version} could not be found.
      </Text>
    );
  }
  return (
    <Box
      as="section"
      aria-label={`Version ${saved.version}, read-only`}
      mt={5}
      p={{ base: 4, md: 5 }}
      borderWidth="1px"
      borderColor="border.glow"
      borderRadius="lg"
      bg="bg.inset"
    >
      <Flex gap={3} align="center" mb={4}>
        <Glyph glyph={saved.glyph} size="sm" label={`${saved.name}'s glyph at version ${saved.version}`} />
        <Box>
          <Heading as="h3" fontFamily="heading" fontSize="lg">
            {saved.name}
          </Heading>
          <Text textStyle="caption" color="fg.subtle">
            Version {saved.version} · {saved.apiModel.toUpperCase()} · read-only
          </Text>
        </Box>
      </Flex>
      <Stack gap={4}>
        <Fact label="Description">
          <Recorded text={saved.description} />
        </Fact>
        <Fact label="Personality">
          <Text whiteSpace="pre-wrap">{saved.personality}</Text>
        </Fact>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
          <Fact label="Core traits">
            <Chips items={saved.persona?.traits ?? []} empty="Unrevealed" />
          </Fact>
          <Fact label="Communication tone">
            <Recorded text={saved.persona?.tone} />
          </Fact>
          <Fact label="Behavioral pattern">
            <Recorded text={saved.persona?.behavior} />
          </Fact>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
          <Fact label="Skills">
            <Chips items={saved.capabilities?.skills ?? []} empty="None recorded" />
          </Fact>
          <Fact label="Tools">
            <Chips items={saved.capabilities?.tools ?? []} empty="None recorded" />
          </Fact>
          <Fact label="Limitations">
            <Recorded text={saved.capabilities?.limitations} />
          </Fact>
        </SimpleGrid>
        <Fact label="Sample outputs">
          {saved.outputs.length === 0 ? (
            <Text color="fg.subtle">None recorded</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap={2}>
              {saved.outputs.map((output, index) => (
                <Box as="li" key={index}>
                  <Text textStyle="fieldLabel" color="accent">
                    {output.type}
                    {output.quality != null && ` · quality ${output.quality} of 5`}
                  </Text>
                  <Text whiteSpace="pre-wrap">{output.content}</Text>
                </Box>
              ))}
            </Stack>
          )}
        </Fact>
      </Stack>
    </Box>
  );
}

function Recorded({ text }: { text: string | null | undefined }) {
  return text ? <Text>{text}</Text> : <Text color="fg.subtle">None recorded</Text>;
}
