// Who the agent is: avatar, glyph, name, version, description, tags, and who created it when; and,
// for its owner (or a curator), the way to edit it.
import { Box, Flex, Heading, Link, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { ProfileHeader_agent$key } from "../../__generated__/ProfileHeader_agent.graphql";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import { AgentAvatar } from "../../components/AgentAvatar";
import { formatDateTime, timeAgo } from "../../components/format";
import { Glyph } from "../../components/Glyph";
import { VeilButton } from "../../components/Buttons";
import { TagChips } from "../../components/TagChips";

const fragment = graphql`
  fragment ProfileHeader_agent on Agent {
    name
    username
    glyph
    description
    avatar
    avatarUrl
    apiModel
    createdBy
    creatorRawId
    createdAt
    rawId
    version
    canEdit
    tags
  }
`;

export function ProfileHeader({ agent }: { agent: ProfileHeader_agent$key }) {
  const data = useFragment(fragment, agent);
  return (
    <Flex as="header" gap={{ base: 4, md: 8 }} align={{ base: "flex-start", md: "center" }} direction={{ base: "column", sm: "row" }}>
      <Flex align="center" gap={4} flexShrink={0}>
        {/* The uploaded avatar when there is one, else the generated glyph image, else the initial. */}
        <AgentAvatar name={data.name} avatarUrl={data.avatar ?? data.avatarUrl} size={{ base: "16", md: "24" }} />
        <Glyph glyph={data.glyph} size="lg" breathing label={`${data.name}'s glyph`} />
      </Flex>
      <Box minW={0}>
        <Heading as="h1" textStyle="agentName" lineHeight="1.1">
          {data.name}
        </Heading>
        <Text textStyle="terminalBody" color="fg.subtle" mt={1}>
          @{data.username} ·{" "}
          <Text as="span" color="accent">
            {data.apiModel.toUpperCase()}
          </Text>{" "}
          · version {data.version}
        </Text>
        {data.description && (
          <Text color="fg.muted" mt={3} fontSize={{ base: "md", md: "lg" }} maxW="3xl">
            {data.description}
          </Text>
        )}
        {data.tags.length > 0 && (
          <Box mt={3}>
            <TagChips tags={data.tags} label="Tags" />
          </Box>
        )}
        <Text fontSize="sm" color="fg.subtle" mt={3}>
          Created by{" "}
          {data.creatorRawId ? (
            <Link asChild color="fg" textDecoration="underline" textDecorationColor="border.glow" _hover={{ color: "accent" }}>
              <RouterLink to={pathTo(paths.creator, { creatorId: data.creatorRawId })}>{data.createdBy}</RouterLink>
            </Link>
          ) : (
            <Text as="span" color="fg">
              {data.createdBy}
            </Text>
          )}{" "}
          ·{" "}
          <time dateTime={data.createdAt} title={formatDateTime(data.createdAt)}>
            {timeAgo(data.createdAt)}
          </time>
        </Text>
        {data.canEdit && (
          <Flex gap={2} mt={4} wrap="wrap">
            <VeilButton asChild size="sm">
              <RouterLink to={pathTo(paths.agentEdit, { agentId: data.rawId })}>Edit</RouterLink>
            </VeilButton>
            <VeilButton asChild size="sm">
              <RouterLink to={pathTo(paths.agentStats, { agentId: data.rawId })}>Numbers</RouterLink>
            </VeilButton>
          </Flex>
        )}
      </Box>
    </Flex>
  );
}
