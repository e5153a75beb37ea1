// The agent's summoning phrase, ready to copy.
import { Box, Flex, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { SummoningPhrase_agent$key } from "../../__generated__/SummoningPhrase_agent.graphql";
import { VeilButton } from "../../components/Buttons";
import { copyText } from "../../components/clipboard";
import { notify } from "../../components/Toaster";
import { summoningPhrase } from "./summoning-phrase";

const fragment = graphql`
  fragment SummoningPhrase_agent on Agent {
    name
    glyph
    apiModel
    persona {
      traits
      tone
    }
    capabilities {
      skills
    }
  }
`;

export function SummoningPhrase({ agent }: { agent: SummoningPhrase_agent$key }) {
  const data = useFragment(fragment, agent);
  const { name, glyph, apiModel, persona, capabilities } = data;
  const phrase = summoningPhrase({
    name,
    glyph,
    apiModel,
    persona: persona && { traits: persona.traits, tone: persona.tone },
    capabilities: capabilities && { skills: capabilities.skills },
  });
  const copy = async () => {
    // Spec 8: a failed phrase copy is only logged.
    if (await copyText(phrase)) notify("success", "Summoning Phrase Copied", "The invocation has been captured to your clipboard");
    else console.error("The summoning phrase could not be copied to the clipboard");
  };
  return (
    <Box as="section" aria-labelledby="phrase-title" borderWidth="1px" borderStyle="dashed" borderColor="border.glow" borderRadius="xl" p={{ base: 4, md: 6 }}>
      <Flex justify="space-between" align="center" gap={3} mb={3} wrap="wrap">
        <Box>
          <Text id="phrase-title" as="h2" fontFamily="heading" fontSize="lg">
            Summoning Phrase
          </Text>
          <Text textStyle="caption" color="fg.subtle">
            Algorithmic invocation based on agent essence
          </Text>
        </Box>
        <VeilButton size="sm" onClick={copy}>
          Copy phrase
        </VeilButton>
      </Flex>
      <Text as="blockquote" fontStyle="italic" color="fg.muted" lineHeight="1.7" data-testid="summoning-phrase">
        “{phrase}”
      </Text>
    </Box>
  );
}
