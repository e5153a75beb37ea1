// Shown when the agent is a remix: how it was remixed, and the remixer's note.
import { Box, Text } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { RemixBanner_agent$key } from "../../__generated__/RemixBanner_agent.graphql";

const fragment = graphql`
  fragment RemixBanner_agent on Agent {
    remixType
    remixNote
    remixOf
    parent {
      __typename
    }
  }
`;

export function RemixBanner({ agent }: { agent: RemixBanner_agent$key }) {
  const data = useFragment(fragment, agent);
  if (!data.parent && !data.remixType) return null;
  return (
    <Box role="note" aria-label="Remix" borderWidth="1px" borderColor="accent.violet" borderRadius="lg" px={5} py={3} bg="glow.violet/8" boxShadow="glowViolet">
      <Text textStyle="terminalBody" color="accent.violet">
        <Text as="span" textStyle="terminalLabel">
          ⟲ {(data.remixType ?? "remix").toUpperCase()}
        </Text>
        {data.remixOf && (
          <Text as="span" color="fg.muted">
            {" "}
            of {data.remixOf}
          </Text>
        )}
      </Text>
      {data.remixNote && (
        <Text mt={1} color="fg.muted" fontStyle="italic">
          “{data.remixNote}”
        </Text>
      )}
    </Box>
  );
}
