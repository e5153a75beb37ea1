// For the owner of a remix (issue #30 item 7): "Talk to it" one click away, and which parts of its
// essence are still its parent's, unchanged (Agent.inheritedFields), with the offer to re-awaken
// them in its own voice: the awakening stream the forge uses (agentRedrawing), its draft written
// here as it comes. The awakening redraws the description, persona and capabilities; the
// personality is the creator's own words, so an inherited one is pointed to Edit.
import { Box, Flex, Link, Text, chakra } from "@chakra-ui/react";
import { paths, pathTo } from "@nomina/shared/paths";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink } from "react-router-dom";
import type { InheritedEssence_agent$key, InheritedField } from "../../__generated__/InheritedEssence_agent.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { focusWhisperInput } from "../../components/WhisperBox";
import { errorMessage } from "../../relay/errors";
import { useAgentRedrawing } from "../../subscriptions/useAwakening";
import { panelRecipe } from "../../theme/recipes";
import { AwakeningDraft } from "../Forge/AwakeningDraft";

const Panel = chakra("section", panelRecipe);

const fragment = graphql`
  fragment InheritedEssence_agent on Agent {
    id
    rawId
    name
    canEdit
    remixType
    remixOf
    inheritedFields
    parent {
      name
    }
  }
`;

const LABELS: Record<string, string> = {
  DESCRIPTION: "Description",
  PERSONALITY: "Personality",
  PERSONA: "Persona: traits, tone, behaviour",
  CAPABILITIES: "Capabilities: skills, tools, limitations",
};
/** What an awakening writes anew; the personality is what it writes from. */
const AWAKENED: readonly InheritedField[] = ["DESCRIPTION", "PERSONA", "CAPABILITIES"];

export function InheritedEssence({ agent }: { agent: InheritedEssence_agent$key }) {
  const data = useFragment(fragment, agent);
  const { redraw, pending, draft } = useAgentRedrawing();
  if (!data.canEdit || !data.remixType) return null;
  const parent = data.parent?.name ?? data.remixOf ?? "its parent";
  const inherited = data.inheritedFields.filter((field) => field in LABELS);
  const awakenable = inherited.some((field) => AWAKENED.includes(field));

  const reawaken = () =>
    redraw(data.id, {
      onCompleted: (redrawn) => notify("success", "Re-awakened", `${data.name} speaks for itself now (version ${redrawn.version}).`),
      onError: (error) => notify("error", "Re-awakening Failed", errorMessage(error, "The essence could not be redrawn")),
    });

  return (
    <Panel aria-labelledby="inherited-title" p={{ base: 5, md: 6 }} borderColor="accent.violet">
      <Text id="inherited-title" as="h2" textStyle="ritualLabel" fontSize="lg">
        Your remix of {parent}
      </Text>
      {inherited.length > 0 ? (
        <Box mt={3}>
          <Text color="fg.muted" id="inherited-intro">
            Still {parent}&rsquo;s, unchanged:
          </Text>
          <chakra.ul aria-labelledby="inherited-intro" listStyle="none" display="flex" flexWrap="wrap" gap={2} mt={2}>
            {inherited.map((field) => (
              <chakra.li key={field} px={3} py={1} borderRadius="full" borderWidth="1px" borderColor="accent.violet" fontSize="sm" color="fg">
                {LABELS[field]}
              </chakra.li>
            ))}
          </chakra.ul>
          {inherited.includes("PERSONALITY") && (
            <Text textStyle="caption" color="fg.subtle" mt={3}>
              Its personality is still {parent}&rsquo;s, word for word:{" "}
              <Link asChild color="accent">
                <RouterLink to={pathTo(paths.agentEdit, { agentId: data.rawId })}>rewrite it</RouterLink>
              </Link>{" "}
              to make it its own.
            </Text>
          )}
        </Box>
      ) : (
        <Text color="fg.muted" mt={3}>
          Nothing is left unchanged from {parent}: its essence is its own.
        </Text>
      )}
      {pending && draft && <AwakeningDraft draft={draft} name={data.name} />}
      <Flex gap={3} mt={5} wrap="wrap">
        <RitualButton size="sm" onClick={focusWhisperInput}>
          Talk to it
        </RitualButton>
        {awakenable && (
          <VeilButton size="sm" loading={pending} loadingText="Re-awakening..." onClick={reawaken}>
            Re-awaken in its own voice
          </VeilButton>
        )}
      </Flex>
    </Panel>
  );
}
