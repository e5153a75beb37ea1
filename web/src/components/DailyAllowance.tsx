// What the visitor may still do today (Query.dailyAllowance), said before a quota refuses them,
// with the way to earn more: the glyph rituals under a whisper box, the Council's questions at
// the Summoning Gate. Read again after each act (`fetchKey`).
import { Link, Text } from "@chakra-ui/react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { DailyAllowanceQuery } from "../__generated__/DailyAllowanceQuery.graphql";
import { useSession } from "../session";
import { earnMore } from "./earnMore";

const query = graphql`
  query DailyAllowanceQuery {
    dailyAllowance {
      councilQuestionsLeft
      councilQuestionsLimit
      ritualsLeft
    }
  }
`;

/** The day's allowance, read again whenever `fetchKey` changes. */
function useDailyAllowance(fetchKey: number) {
  return useLazyLoadQuery<DailyAllowanceQuery>(query, {}, { fetchKey, fetchPolicy: "store-and-network" }).dailyAllowance;
}

/** Glyph rituals left today (null when quotas are off). */
export function useRitualsLeft(fetchKey: number): number | null {
  return useDailyAllowance(fetchKey).ritualsLeft ?? null;
}

const plural = (n: number, one: string, many: string) => `${n === 0 ? "No" : n} ${n === 1 ? one : many}`;

export function ritualsLeftText(left: number): string {
  return `${plural(left, "ritual", "rituals")} left today`;
}

export function questionsLeftText(left: number, limit: number): string {
  return left === 0 ? "No Council questions left today" : `${left} of ${limit} Council ${limit === 1 ? "question" : "questions"} left today`;
}

/** One line: what is left, and (when little or nothing is) how to earn more. */
export function AllowanceLine({ text, low, id }: { text: string; low: boolean; id?: string }) {
  const session = useSession();
  const more = earnMore(session);
  return (
    <Text id={id} textStyle="caption" color={low ? "accent.violet" : "fg.subtle"} data-testid="daily-allowance">
      {text}
      {low && (
        <>
          {" · "}
          <Link asChild color="accent">
            <RouterLink to={more.to}>{more.label}</RouterLink>
          </Link>
        </>
      )}
    </Text>
  );
}

/** The Council's questions left today, for the Summoning Gate. */
export function CouncilAllowance({ fetchKey = 0 }: { fetchKey?: number }) {
  const allowance = useDailyAllowance(fetchKey);
  if (allowance.councilQuestionsLeft == null || allowance.councilQuestionsLimit == null) return null;
  return <AllowanceLine text={questionsLeftText(allowance.councilQuestionsLeft, allowance.councilQuestionsLimit)} low={allowance.councilQuestionsLeft <= 1} />;
}
