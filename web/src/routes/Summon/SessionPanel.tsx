// A session at its own address (/summon/{id}): its questions as a thread, newest at the bottom,
// each followed live while the Council speaks. Its asker may follow up, share it and start anew;
// anyone else reads it as it stands.
import { Box, Button, Flex, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { councilSessionMeta } from "@nomina/shared/meta";
import { paths } from "@nomina/shared/paths";
import { useCallback, useState } from "react";
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { SessionPanel_session$key } from "../../__generated__/SessionPanel_session.graphql";
import type { SessionPanelQuery } from "../../__generated__/SessionPanelQuery.graphql";
import { PageMeta } from "../../components/PageMeta";
import type { Started } from "../../mutations/useInvokeCouncilMutation";
import { AskCouncil } from "./AskCouncil";
import { usd } from "./cost";
import { QuestionBlock } from "./QuestionBlock";
import { SessionMissing } from "./SessionMissing";
import { ShareSession } from "./ShareSession";
import type { DraftControls } from "./useDraft";

export const QUESTIONS_PAGE = 20;

export const sessionPanelQuery = graphql`
  query SessionPanelQuery($id: ID!) {
    councilSession(id: $id) {
      ...SessionPanel_session
    }
  }
`;

const fragment = graphql`
  fragment SessionPanel_session on CouncilSession
  @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
  @refetchable(queryName: "SessionPanelPaginationQuery") {
    id
    title
    isMine
    questionCount
    costUsd
    settings {
      ...AskCouncil_settings
    }
    ...ShareSession_session
    questions(first: $count, after: $cursor) @connection(key: "SessionPanel_questions") {
      __id
      edges {
        node {
          id
          status
          prompt
          synthesis {
            text
          }
          ...QuestionBlock_invocation
        }
      }
    }
  }
`;

type Props = { queryRef: PreloadedQuery<SessionPanelQuery>; controls: DraftControls; onStarted: (started: Started) => void };

export function SessionPanel({ queryRef, ...rest }: Props) {
  const { councilSession } = usePreloadedQuery<SessionPanelQuery>(sessionPanelQuery, queryRef);
  if (!councilSession) return <SessionMissing />;
  return <Session session={councilSession} {...rest} />;
}

function Session({ session, controls, onStarted }: Omit<Props, "queryRef"> & { session: SessionPanel_session$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(fragment, session);
  const questions = data.questions.edges;
  // Questions whose live stream ended while the store still holds them running (cut short).
  const [cutShort, setCutShort] = useState<ReadonlySet<string>>(new Set());
  const onCutShort = useCallback((id: string) => setCutShort((ids) => (ids.has(id) ? ids : new Set(ids).add(id))), []);
  const locked = questions.some(({ node }) => node.status === "running" && !cutShort.has(node.id));
  const first = questions[0]?.node;
  return (
    <Stack gap={10}>
      <PageMeta {...councilSessionMeta({ question: first?.prompt ?? data.title, synthesis: first?.synthesis?.text ?? null })} />
      <Flex justify="space-between" align="flex-start" gap={4} wrap="wrap">
        <Box minW={0}>
          <Text textStyle="fieldLabel" color="fg.muted">
            {data.isMine ? "YOUR SESSION" : "A SESSION SHARED FROM THE COUNCIL"}
          </Text>
          <Heading as="h2" textStyle="ritualTitle" fontSize={{ base: "xl", md: "2xl" }} mt={1} wordBreak="break-word">
            {data.title}
          </Heading>
          <Text textStyle="caption" color="fg.muted" mt={1}>
            {data.questionCount} {data.questionCount === 1 ? "question" : "questions"} · this session cost {usd(data.costUsd)} in all
          </Text>
        </Box>
        {data.isMine && (
          <HStack gap={2} flexWrap="wrap">
            <ShareSession session={data} />
            <Button asChild size="sm" variant="ghost" color="fg.muted">
              <RouterLink to={paths.summon}>New session</RouterLink>
            </Button>
          </HStack>
        )}
      </Flex>
      {questions.map(({ node }, index) => (
        <QuestionBlock key={node.id} invocation={node} number={index + 1} mine={data.isMine} onCutShort={onCutShort} />
      ))}
      {hasNext && (
        <Button alignSelf="center" size="sm" variant="ghost" loading={isLoadingNext} onClick={() => loadNext(QUESTIONS_PAGE)}>
          Later questions
        </Button>
      )}
      {data.isMine ? (
        <AskCouncil
          controls={controls}
          session={{ id: data.id, questions: data.questions.__id, settings: data.settings }}
          locked={locked || hasNext}
          onStarted={onStarted}
        />
      ) : (
        <Text color="fg.muted" fontSize="sm">
          This session is read-only.{" "}
          <Link asChild color="accent">
            <RouterLink to={paths.summon}>Summon your own</RouterLink>
          </Link>
        </Text>
      )}
    </Stack>
  );
}
