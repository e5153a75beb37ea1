// The confirmation after forging: the new agent's name, model and glyph, and where to go next
// (first, "Talk to it": its page opened at the whisper box's input, on a new thread);
// below them, what its awakening drafted (description, traits, which mind wrote it), which the
// creator may keep, redraw here, or edit on its profile.
import { Box, Flex, Heading, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { ForgedCard_essence$key } from "../../__generated__/ForgedCard_essence.graphql";
import { notify } from "../../components/Toaster";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import { talkPath } from "../../components/WhisperBox";
import { useAgentRedrawing, type ForgedAgent } from "../../subscriptions/useAwakening";
import { AwakeningDraft } from "./AwakeningDraft";
import { paths, pathTo } from "@nomina/shared/paths";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("section", panelRecipe);

export function ForgedCard({ agent, onAnother }: { agent: ForgedAgent; onAnother: () => void }) {
  const terminal = agent.username ? pathTo(paths.agentByUsername, { username: agent.username }) : paths.theNamed;
  return (
    <Panel aria-label="Agent forged" p={{ base: 6, md: 10 }} textAlign="center" boxShadow="glowViolet">
      <Glyph glyph={agent.glyph} size="lg" breathing label={`${agent.name}'s glyph`} />
      <Text textStyle="eyebrow" color="glow.green" mt={6}>
        ESSENCE BOUND
      </Text>
      <Heading as="h2" fontFamily="heading" fontSize={{ base: "2xl", md: "4xl" }} mt={2}>
        {agent.name}
      </Heading>
      <Text textStyle="stamp" color="accent" mt={2}>
        {agent.apiModel.toUpperCase()}
      </Text>
      <Essence agent={agent} />
      <Flex gap={4} justify="center" mt={8} wrap="wrap">
        {agent.username && (
          <RitualButton asChild>
            <RouterLink to={talkPath(terminal)}>Talk to it</RouterLink>
          </RitualButton>
        )}
        <VeilButton asChild>
          <RouterLink to={terminal}>View in Terminal</RouterLink>
        </VeilButton>
        <VeilButton onClick={onAnother}>Create Another</VeilButton>
      </Flex>
    </Panel>
  );
}

/** What the awakening drafted, read from the store, so a redraw shows at once. */
function Essence({ agent }: { agent: ForgedAgent }) {
  const essence = useFragment<ForgedCard_essence$key>(
    graphql`
      fragment ForgedCard_essence on Agent {
        description
        creationRitual
        persona {
          traits
        }
      }
    `,
    agent,
  );
  // A redraw streams its new draft in place of the essence it replaces.
  const { redraw, pending: redrawing, draft } = useAgentRedrawing();
  if (redrawing && draft) return <AwakeningDraft draft={draft} />;
  if (!essence.description) return null;
  return (
    <Box mt={6} maxW="xl" mx="auto" aria-label="Awakened essence" role="group">
      <Text color="fg.muted">{essence.description}</Text>
      {essence.persona && essence.persona.traits.length > 0 && (
        <Text textStyle="caption" color="accent" mt={3}>
          {essence.persona.traits.join(" · ")}
        </Text>
      )}
      <Flex gap={3} justify="center" align="center" mt={3} wrap="wrap">
        {essence.creationRitual && (
          <Text textStyle="caption" color="fg.subtle">
            {essence.creationRitual}
          </Text>
        )}
        <VeilButton
          size="xs"
          loading={redrawing}
          loadingText="Redrawing..."
          onClick={() =>
            redraw(agent.id, {
              onCompleted: (redrawn) => notify("success", "Essence Redrawn", `Saved as version ${redrawn.version}.`),
              onError: (error) => notify("error", "Redraw Failed", errorMessage(error, "The essence could not be redrawn")),
            })
          }
        >
          Redraw essence
        </VeilButton>
      </Flex>
    </Box>
  );
}
