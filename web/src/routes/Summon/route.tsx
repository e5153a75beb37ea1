// /summon and /summon/{id}: the Summoning Gate. A question goes to the seats chosen; each answer
// streams into its card, the seats may review each other, then the chair speaks the synthesis.
// Questions gather in sessions: the first opens the session's own page, where the asker follows
// up, and the asker's past sessions are listed beside it.
import { Box, Grid } from "@chakra-ui/react";
import { pathTo, paths } from "@nomina/shared/paths";
import type { PreloadedQuery } from "react-relay";
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from "react-router-dom";
import type { SessionHistoryQuery } from "../../__generated__/SessionHistoryQuery.graphql";
import type { SessionPanelQuery } from "../../__generated__/SessionPanelQuery.graphql";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { PanelBoundary } from "../../components/PanelBoundary";
import { ScreenTitle } from "../../components/ScreenTitle";
import type { Started } from "../../mutations/useInvokeCouncilMutation";
import { preloadQuery } from "../../relay/preload";
import type { CouncilChoicesDefaultChairQuery } from "../../__generated__/CouncilChoicesDefaultChairQuery.graphql";
import type { CouncilChoicesMembersQuery } from "../../__generated__/CouncilChoicesMembersQuery.graphql";
import { defaultChairQuery, membersQuery } from "./CouncilChoices";
import { FreshGate } from "./FreshGate";
import { SessionHistory, sessionHistoryQuery } from "./SessionHistory";
import { SessionPanel, sessionPanelQuery } from "./SessionPanel";
import { useDraft } from "./useDraft";

type Queries = { session: PreloadedQuery<SessionPanelQuery> | null; history: PreloadedQuery<SessionHistoryQuery> };

/**
 * The session and the history load at once, each on its own; so do the choices' default chair and
 * the Ascended (CouncilChoices reads them from the store: no fetch after the form renders).
 */
export function loader({ params }: LoaderFunctionArgs): Queries {
  preloadQuery<CouncilChoicesDefaultChairQuery>(defaultChairQuery, {});
  preloadQuery<CouncilChoicesMembersQuery>(membersQuery, {});
  return {
    session: params.id ? preloadQuery<SessionPanelQuery>(sessionPanelQuery, { id: params.id }) : null,
    history: preloadQuery<SessionHistoryQuery>(sessionHistoryQuery, {}),
  };
}

export function Component() {
  const queries = useLoaderData<Queries>();
  const { id } = useParams();
  const navigate = useNavigate();
  // One draft for the Gate, kept from a session's first question to its follow-ups.
  const controls = useDraft();
  const onStarted = (started: Started) => {
    if (started.session.rawId !== id) void navigate(pathTo(paths.summonSession, { id: started.session.rawId }));
  };

  return (
    <Box maxW="7xl" mx="auto">
      {/* A session's page titles itself by its question (SessionPanel), or as not found. */}
      {!queries.session && <PageMeta title={withBrand("Summoning Gate")} />}
      <ScreenTitle
        eyebrow="THE COUNCIL OF FOUR"
        title="Summoning Gate"
        subtitle="Speak one question. The minds of the Council answer it, each in its own voice, and the chair weaves their answers into one. Ask on: the Council remembers the session."
      />
      <Grid templateColumns={{ base: "minmax(0, 1fr)", xl: "minmax(0, 1fr) 16rem" }} gap={{ base: 12, xl: 8 }} alignItems="start">
        <Box minW={0}>
          {queries.session ? (
            <PanelBoundary loading="Recalling the session..." failure="The session could not be recalled">
              <SessionPanel key={id} queryRef={queries.session} controls={controls} onStarted={onStarted} />
            </PanelBoundary>
          ) : (
            <FreshGate controls={controls} onStarted={onStarted} />
          )}
        </Box>
        <Box as="aside" aria-label="Your Council sessions" position={{ xl: "sticky" }} top={{ xl: 24 }}>
          <PanelBoundary loading="Recalling past sessions..." failure="Your past sessions could not be recalled">
            <SessionHistory queryRef={queries.history} currentId={id} />
          </PanelBoundary>
        </Box>
      </Grid>
    </Box>
  );
}
export { RouteError as ErrorBoundary } from "../../components/RouteError";
