// The peer review under the answers: each seat ranked the others' answers without knowing whose
// they were, and the rankings are summed by Borda count (in a ranking of m answers the first
// earns m-1 points, the last none). The table ranks the answers by their points; below it, each
// reviewer's ranking with its whole critique, in its own words (#41: a reviewer's reasons were
// only shown beside the answer it put first), or that its review failed (the others stand).
// Reviewers read letters; readers read the reasons with each letter turned back into the seat it
// stood for.
import { Box, Heading, List, Table, Text, chakra } from "@chakra-ui/react";
import { useId } from "react";
import { panelRecipe } from "../../theme/recipes";
import { callCost } from "./cost";
import { reviewsInOrder, type QuestionState, type ReviewState } from "./councilStream";
import { VOICE_LOOK, speakerOf } from "./seats";

const Panel = chakra("section", panelRecipe);

export function PeerReview({ state }: { state: QuestionState }) {
  const reviews = reviewsInOrder(state);
  const headingId = useId();
  return (
    <Panel aria-labelledby={headingId} p={{ base: 4, md: 5 }} display="flex" flexDirection="column" gap={4}>
      <Box>
        <Heading id={headingId} as="h2" textStyle="ritualLabel" fontSize="lg">
          Peer review
        </Heading>
        <Text textStyle="caption" color="fg.muted" mt={1}>
          Each seat ranked the others' answers unsigned. Borda count: first of m answers earns m−1 points.
        </Text>
      </Box>
      {state.ranking ? (
        <RankingTable state={state} reviews={reviews} />
      ) : (
        <Text color="fg.subtle" fontSize="sm" fontStyle="italic">
          {state.live ? "The seats are reading each other's answers..." : "No ranking came back."}
        </Text>
      )}
      {reviews.length > 0 && <Reviewers reviews={reviews} finished={!state.live} members={state.members} />}
    </Panel>
  );
}

function RankingTable({ state, reviews }: { state: QuestionState; reviews: ReviewState[] }) {
  return (
    <Table.Root colorPalette="gray" bg="transparent">
      <Table.Caption srOnly>The answers by their points in the peer review, with the reviewers who ranked each first</Table.Caption>
      <Table.Header>
        <Table.Row bg="transparent">
          <Table.ColumnHeader color="fg.muted" textStyle="fieldLabel" w="4rem">
            Rank
          </Table.ColumnHeader>
          <Table.ColumnHeader color="fg.muted" textStyle="fieldLabel" textAlign="start">
            Answer · who put it first
          </Table.ColumnHeader>
          <Table.ColumnHeader color="fg.muted" textStyle="fieldLabel" textAlign="end" w="5rem">
            Points
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {(state.ranking ?? []).map((row, index) => {
          const reasons = reviews.filter((review) => review.status === "reviewed" && review.ranking[0] === row.seat && review.reason);
          return (
            <Table.Row key={row.seat} bg="transparent" verticalAlign="top">
              <Table.Cell fontFamily="mono" color="glow.gold">
                {index + 1}
              </Table.Cell>
              <Table.Cell>
                <Text as="span" aria-hidden color={VOICE_LOOK[row.seat].colour} me={2}>
                  {VOICE_LOOK[row.seat].sigil}
                </Text>
                <Text as="span" fontWeight="semibold">
                  {speakerOf(row.seat, state.members)}
                </Text>
                {reasons.length > 0 && (
                  <Text color="fg.muted" fontSize="xs" mt={1}>
                    First for {reasons.map((review) => speakerOf(review.seat, state.members)).join(", ")}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell fontFamily="mono" textAlign="end">
                {row.points}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}

function Reviewers({ reviews, finished, members }: { reviews: ReviewState[]; finished: boolean; members: QuestionState["members"] }) {
  return (
    <List.Root aria-label="The reviewers" listStyleType="none" gap={2} fontSize="xs" color="fg.muted">
      {reviews.map((review) => (
        <List.Item key={review.seat} display="block">
          <Text as="span" color="fg" fontWeight="semibold">
            {speakerOf(review.seat, members)}
          </Text>{" "}
          {review.status === "reviewing" ? (
            "is reviewing..."
          ) : review.status === "stopped" ? (
            <>— stopped before it ranked</>
          ) : review.status === "failed" ? (
            <Text as="span" color="danger">
              — review failed: {review.error ?? "it fell silent"}
            </Text>
          ) : (
            <>ranked {review.ranking.map((seat) => speakerOf(seat, members)).join(" › ")}</>
          )}
          {finished && review.status !== "reviewing" && <> · {callCost(review.mode, review.costUsd)}</>}
          {review.status === "reviewed" && review.reason && (
            <Text
              as="q"
              display="block"
              mt={1}
              ps={3}
              borderStartWidth="2px"
              borderColor="border.glow"
              color="fg"
              fontStyle="italic"
              data-testid="review-critique"
            >
              {review.reason}
            </Text>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}
