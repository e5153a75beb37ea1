// The confirmation after forging: the new agent's name, model and glyph, and where to go next.
import { Flex, Heading, Text, chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import type { ForgedAgent } from "../../mutations/useForgeAgentMutation";
import { paths, pathTo } from "@nomina/shared/paths";
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
      <Flex gap={4} justify="center" mt={8} wrap="wrap">
        <RitualButton asChild>
          <RouterLink to={terminal}>View in Terminal</RouterLink>
        </RitualButton>
        <VeilButton onClick={onAnother}>
          Create Another
        </VeilButton>
      </Flex>
    </Panel>
  );
}
