// Asking the Council: the question, the choices, the estimate, and the ritual while the question
// travels. Without a session, the question starts a new one; with one, it follows up in it (the
// seats and the chair hear the earlier questions and syntheses) with the session's settings, shown
// folded in one line. "Change for this question" opens the choices: what is asked so becomes the
// session's settings (the server keeps them, so a reload, another tab and REST agree).
import { Button, Flex, Stack, Text } from "@chakra-ui/react";
import type { ChairChoice } from "@nomina/shared/council";
import { listOf } from "@nomina/shared/text";
import { Suspense, useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { AskCouncil_settings$key } from "../../__generated__/AskCouncil_settings.graphql";
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
import { SEATS } from "./councilStream";
import { seatLabel } from "./seats";

const settingsFragment = graphql`
  fragment AskCouncil_settings on CouncilSessionSettings {
    seats
    chair
    review
    nextChair
    members {
      id
      agentName
      seat
    }
  }
`;

/** The settings a session's next question sits with unless changed (CouncilSession.settings). */
export type SessionSettings = {
  readonly seats: readonly string[];
  readonly chair: ChairChoice | null | undefined;
  readonly review: boolean;
  readonly nextChair: string;
  /** The ascended members who sit in place of their seats' models. */
  readonly members?: readonly { readonly agentName: string; readonly seat: string }[];
};

/** The session to follow up in: its id, the connection of its questions, and its settings. */
export type OpenSession = { id: string; questions: string; settings: AskCouncil_settings$key };

/** "3 seats · chair Claude (default) · peer review": the session's settings in one line. */
export function settingsLine(settings: SessionSettings): string {
  const members = settings.members ?? [];
  const chair = members.find((member) => member.seat === settings.nextChair)?.agentName ?? seatLabel(settings.nextChair);
  const how = settings.chair === "rotate" ? `chair ${chair} (rotates each question)` : settings.chair ? `chair ${chair}` : `chair ${chair} (default)`;
  const sitting = members.length ? ` · with ${listOf(members.map((member) => member.agentName))}` : "";
  return `${settings.seats.length} seats${sitting} · ${how} · ${settings.review ? "peer review" : "no peer review"}`;
}

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
  // A follow-up names no settings unless the asker changes them: the session's are used.
  const [changing, setChanging] = useState(false);
  const settings = useFragment(settingsFragment, session?.settings ?? null);
  const chosen = !settings || changing;
  const input = {
    prompt: draft.prompt,
    sessionId: session?.id ?? null,
    ...(chosen ? { seats: draft.seats, chair: draft.chair, review: draft.review, members: draft.members.map((member) => member.id) } : {}),
  };
  const change = () => {
    if (settings)
      update({
        seats: SEATS.filter((seat) => settings.seats.includes(seat)),
        chair: settings.chair ?? null,
        review: settings.review,
        members: settings.members.map((member) => ({ id: member.id, name: member.agentName, seat: member.seat })),
      });
    setChanging(true);
  };

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
          // What was asked is now the session's settings: shown folded again.
          setChanging(false);
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
        choices={
          chosen ? (
            <Stack gap={2}>
              {session && (
                <Text textStyle="caption" color="fg.muted">
                  Changed for this question; the session keeps what you ask with.
                </Text>
              )}
              <CouncilChoices {...controls} disabled={invoking} />
              {session && (
                <Button alignSelf="flex-start" size="xs" variant="ghost" color="fg.muted" onClick={() => setChanging(false)}>
                  Keep the session's settings
                </Button>
              )}
            </Stack>
          ) : (
            <Flex align="center" gap={3} wrap="wrap" data-testid="council-settings">
              <Text fontSize="sm" color="fg.muted">
                {settings && settingsLine(settings)}
              </Text>
              <Button size="xs" variant="outline" colorPalette="cyan" onClick={change}>
                Change for this question
              </Button>
            </Flex>
          )
        }
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
