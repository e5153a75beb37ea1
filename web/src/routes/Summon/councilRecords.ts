// What the Council's records are read as, the same whether a question is read back from the store
// (storedQuestion) or followed live (useCouncilStream): one selection for each, so the two ways of
// reading a question cannot drift apart.
import { graphql } from "react-relay";

// Spread unmasked where a question is read; the rule below cannot see reads made through them.
/* eslint-disable relay/unused-fields */
export const answerRecord = graphql`
  fragment councilRecords_answer on CouncilAnswer {
    seat
    status
    text
    error
    mode
    model
    oracleReason
    costUsd
  }
`;

export const reviewRecord = graphql`
  fragment councilRecords_review on CouncilReview {
    seat
    status
    ranking
    reason
    readableReason
    error
    mode
    model
    costUsd
  }
`;

export const rankingRecord = graphql`
  fragment councilRecords_ranking on CouncilRankingRow {
    seat
    points
    firstPlaces
    reviewers
  }
`;
/* eslint-enable relay/unused-fields */
