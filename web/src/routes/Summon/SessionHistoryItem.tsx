// One past session in the history: its title (its first question), how many questions it holds,
// what it cost, when it last moved, and whether it is shared.
import { Badge, Flex, LinkBox, LinkOverlay, List, Text } from "@chakra-ui/react";
import { pathTo, paths } from "@nomina/shared/paths";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { SessionHistoryItem_session$key } from "../../__generated__/SessionHistoryItem_session.graphql";
import { timeAgo } from "../../components/format";
import { usd } from "./cost";

const fragment = graphql`
  fragment SessionHistoryItem_session on CouncilSession {
    rawId
    title
    visibility
    questionCount
    costUsd
    updatedAt
  }
`;

export function SessionHistoryItem({ session, current }: { session: SessionHistoryItem_session$key; current: boolean }) {
  const data = useFragment(fragment, session);
  return (
    <List.Item>
      <LinkBox
        as="article"
        borderWidth="1px"
        borderColor={current ? "border.glow" : "border"}
        boxShadow={current ? "glowCyan" : undefined}
        bg="surface"
        borderRadius="md"
        px={3}
        py={2}
        _hover={{ borderColor: "border.glow" }}
      >
        <LinkOverlay asChild>
          <RouterLink to={pathTo(paths.summonSession, { id: data.rawId })} aria-current={current ? "page" : undefined}>
            <Text fontSize="sm" color="fg" lineClamp={2} wordBreak="break-word">
              {data.title}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Flex mt={1} gap={2} align="center" wrap="wrap" textStyle="caption" color="fg.subtle">
          <span>
            {data.questionCount} {data.questionCount === 1 ? "question" : "questions"} · {usd(data.costUsd)}
          </span>
          <time dateTime={data.updatedAt}>{timeAgo(data.updatedAt)}</time>
          {data.visibility === "public" && (
            <Badge size="xs" variant="outline" colorPalette="green">
              public
            </Badge>
          )}
        </Flex>
      </LinkBox>
    </List.Item>
  );
}
