// Asking the Council: the question, the choices, the estimate, and the ritual while the question
// travels. Without a session, the question starts a new one; with one, it follows up in it (the
// seats and the chair hear the earlier questions and syntheses).
import { Stack } from "@chakra-ui/react";
import { Suspense, useState } from "react";
import { notify } from "../../components/Toaster";
import { useInvokeCouncilMutation, type Started } from "../../mutations/useInvokeCouncilMutation";
import { councilSessionsConnection } from "../../relay/connections";
import { CostEstimate } from "./CostEstimate";
import { CouncilChoices } from "./CouncilChoices";
import { CouncilAllowance } from "../../components/DailyAllowance";
import { earnMore } from "../../components/earnMore";
import { ritualFailureToast } from "./ritualToast";
import { SummoningRitual } from "./SummoningRitual";
import { SummonForm } from "./SummonForm";
import type { DraftControls } from "./useDraft";

/** The session to follow up in: its id and the connection of its questions. */
export type OpenSession = { id: string; questions: string };

type Props = {
  controls: DraftControls;
  session: OpenSession | null;
  /** A question of this session is still being answered. */
  locked: boolean;
  onStarted: (started: Started) => void;
};

export function AskCouncil({ controls, session, locked, onStarted }: Props) {
  const { draft, update } = controls;
  const [invoke] = useInvokeCouncilMutation();
  const [invoking, setInvoking] = useState(false);
  // Each question asked (or refused) reads the day's allowance again.
  const [asked, setAsked] = useState(0);
  const input = { prompt: draft.prompt, sessionId: session?.id ?? null, seats: draft.seats, chair: draft.chair, review: draft.review };

  const submit = () => {
    const prompt = draft.prompt.trim();
    if (!prompt || invoking || locked) return;
    setInvoking(true);
    invoke(
      { ...input, prompt },
      { questions: session ? [session.questions] : [], sessions: [councilSessionsConnection()] },
      {
        onCompleted: (started) => {
          update({ prompt: "" });
          setInvoking(false);
          setAsked((n) => n + 1);
          onStarted(started);
        },
        onError: (error) => {
          setInvoking(false);
          setAsked((n) => n + 1);
          const { title, description, quota } = ritualFailureToast(error);
          // A spent quota says how to earn more.
          notify("error", title, description, quota ? earnMore() : undefined);
        },
      },
    );
  };

  return (
    <Stack gap={6}>
      <SummonForm
        value={draft.prompt}
        onChange={(prompt) => update({ prompt })}
        onSubmit={submit}
        pending={invoking || locked}
        choices={<CouncilChoices {...controls} disabled={invoking} />}
        estimate={
          <Stack gap={1}>
            <CostEstimate input={input} />
            <Suspense fallback={null}>
              <CouncilAllowance fetchKey={asked} />
            </Suspense>
          </Stack>
        }
      />
      {invoking && <SummoningRitual label="The Council convenes..." />}
    </Stack>
  );
}
