// /summon: the Summoning Gate. One question goes to the four seats of the Council; each answer
// streams into its card, then the chair speaks the synthesis.
import { Box, SimpleGrid, Stack } from "@chakra-ui/react";
import { useCallback, useReducer, useState } from "react";
import type { InvocationSummary_invocation$key } from "../../__generated__/InvocationSummary_invocation.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { ScreenTitle } from "../../components/ScreenTitle";
import { notify } from "../../components/Toaster";
import { useInvokeCouncilMutation } from "../../mutations/useInvokeCouncilMutation";
import { CouncilStream } from "./CouncilStream";
import { SEATS, gateReducer, initialGate, isPending } from "./councilStream";
import { AskedQuestion } from "./AskedQuestion";
import { InvocationSummary } from "./InvocationSummary";
import { ritualFailureToast } from "./ritualToast";
import { SeatCard } from "./SeatCard";
import { SummoningRitual } from "./SummoningRitual";
import { SummonForm } from "./SummonForm";
import { SynthesisCard } from "./SynthesisCard";
import type { StreamEvent } from "./useCouncilStream";

function notifyRitualFailure(error: unknown) {
  const { title, description } = ritualFailureToast(error);
  notify("error", title, description);
}

export function Component() {
  const [gate, dispatch] = useReducer(gateReducer, initialGate);
  const [prompt, setPrompt] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [summary, setSummary] = useState<InvocationSummary_invocation$key | null>(null);
  const [invoke] = useInvokeCouncilMutation();
  const pending = isPending(gate.phase);

  const submit = () => {
    const question = prompt.trim();
    if (!question || pending) return;
    dispatch({ type: "invoke" });
    setSummary(null);
    setAsked(null);
    invoke(question, {
      onCompleted: (invocation) => {
        setPrompt("");
        setAsked(question);
        dispatch({ type: "started", invocationId: invocation.id });
      },
      onError: (error) => {
        dispatch({ type: "failed" });
        notifyRitualFailure(error);
      },
    });
  };

  const onEvent = useCallback((event: StreamEvent) => {
    dispatch({ type: "event", event });
    if (event.invocation) setSummary(event.invocation);
  }, []);
  const onError = useCallback((error: Error) => {
    dispatch({ type: "failed" });
    notifyRitualFailure(error);
  }, []);
  const onEnd = useCallback(() => dispatch({ type: "ended" }), []);

  return (
    <Box maxW="6xl" mx="auto">
      <PageMeta title={withBrand("Summoning Gate")} />
      <ScreenTitle
        eyebrow="THE COUNCIL OF FOUR"
        title="Summoning Gate"
        subtitle="Speak one question. Four minds of the Council answer it, each in its own voice, and the chair weaves their answers into one."
      />
      <Stack gap={8}>
        <SummonForm value={prompt} onChange={setPrompt} onSubmit={submit} pending={pending} />
        {pending && <SummoningRitual label={gate.phase === "invoking" ? "The Council convenes..." : "The Council speaks..."} />}
        {gate.invocationId && gate.phase === "streaming" && (
          <CouncilStream invocationId={gate.invocationId} onEvent={onEvent} onError={onError} onEnd={onEnd} />
        )}
        {asked && gate.phase !== "idle" && <AskedQuestion question={asked} />}
        <section aria-label="The Council's answers">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            {SEATS.map((seat) => (
              <SeatCard key={seat} voice={seat} state={gate.voices[seat]} phase={gate.phase} />
            ))}
          </SimpleGrid>
        </section>
        <SynthesisCard state={gate.voices.synthesis} phase={gate.phase} />
        {summary && gate.phase === "done" && <InvocationSummary invocation={summary} />}
      </Stack>
    </Box>
  );
}
export { RouteError as ErrorBoundary } from "../../components/RouteError";
