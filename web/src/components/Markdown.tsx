// An agent's words rendered as Markdown (theme/recipes.ts markdownRecipe gives the look). The
// renderer loads with the first answer shown; until it has, the words show as plain text.
import { chakra } from "@chakra-ui/react";
import { Suspense, lazy } from "react";
import { markdownRecipe } from "../theme/recipes";

const MarkdownRenderer = lazy(() => import("./MarkdownRenderer"));
const Body = chakra("div", markdownRecipe);

export function Markdown({ text, testId }: { text: string; testId?: string }) {
  return (
    <Body data-testid={testId}>
      <Suspense fallback={<chakra.p whiteSpace="pre-wrap">{text}</chakra.p>}>
        <MarkdownRenderer text={text} />
      </Suspense>
    </Body>
  );
}
