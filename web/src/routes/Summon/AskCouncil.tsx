// Asking the Council: the question, the choices, the estimate, and the ritual while the question
// travels. Without a session, the question starts a new one; with one, it follows up in it (the
// seats and the chair hear the earlier questions and syntheses).
import { Stack } from "@chakra-ui/react";
import { useState } from "react";
import { notify } from "../../components/Toaster";
import { useInvokeCouncilMutation, type Started } from "../../mutations/useInvokeCouncilMutation";
import { councilSessionsConnection } from "../../relay/connections";
import { CostEstimate } from "./CostEstimate";
import { CouncilChoices } from "./CouncilChoices";
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
          onStarted(started);
        },
        onError: (error) => {
          setInvoking(false);
          const { title, description } = ritualFailureToast(error);
          notify("error", title, description);
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
        estimate={<CostEstimate input={input} />}
      />
      {invoking && <SummoningRitual label="The Council convenes..." />}
    </Stack>
  );
}
