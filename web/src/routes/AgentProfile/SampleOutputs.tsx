// What the agent has made: each sample with its type's icon and, when rated, 1 to 5 dots.
import { Box, Flex, HStack, Stack, Text, chakra } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { SampleOutputs_agent$key } from "../../__generated__/SampleOutputs_agent.graphql";
import { OutputIcon } from "./OutputIcon";
import { ProfileCard } from "./ProfileCard";

/** Spec 9: quality on a scale of 5 dots. */
export const QUALITY_SCALE = 5;

const fragment = graphql`
  fragment SampleOutputs_agent on Agent {
    outputs {
      type
      content
      quality
    }
  }
`;

export function SampleOutputs({ agent }: { agent: SampleOutputs_agent$key }) {
  const { outputs } = useFragment(fragment, agent);
  return (
    <ProfileCard title="Sample Outputs" icon="✧">
      {outputs.length === 0 ? (
        <Text textStyle="systemToken" color="fg.subtle">
          NO_OUTPUTS_AVAILABLE
        </Text>
      ) : (
        <Stack gap={4} as="ul" listStyleType="none">
          {outputs.map((output, index) => (
            <Box as="li" key={index} borderWidth="1px" borderColor="border" borderRadius="lg" p={4} bg="bg.inset">
              <Flex justify="space-between" align="center" mb={3} gap={3}>
                <HStack color="accent" gap={2}>
                  <OutputIcon type={output.type} />
                  <Text textStyle="fieldLabel">{output.type}</Text>
                </HStack>
                {output.quality != null && <QualityDots quality={output.quality} />}
              </Flex>
              {output.type === "code" ? (
                // Focusable: a line wider than a phone scrolls, and a keyboard must be able to scroll it too.
                <chakra.pre
                  tabIndex={0}
                  textStyle="terminalBody"
                  bg="bg.well"
                  color="glow.green"
                  p={3}
                  borderRadius="md"
                  overflowX="auto"
                  whiteSpace="pre"
                  _focusVisible={{ outline: "2px solid", outlineColor: "accent" }}
                >
                  <code>{output.content}</code>
                </chakra.pre>
              ) : (
                <Text whiteSpace="pre-wrap" fontStyle={output.type === "poetry" ? "italic" : undefined} lineHeight="1.7">
                  {output.content}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </ProfileCard>
  );
}

function QualityDots({ quality }: { quality: number }) {
  return (
    <HStack gap={1} role="img" aria-label={`Quality ${quality} of ${QUALITY_SCALE}`}>
      {Array.from({ length: QUALITY_SCALE }, (_, i) => (
        <Box
          key={i}
          data-filled={i < quality}
          w={2}
          h={2}
          borderRadius="full"
          bg={i < quality ? "glow.gold" : "transparent"}
          borderWidth="1px"
          borderColor={i < quality ? "glow.gold" : "fg.subtle"}
          boxShadow={i < quality ? "0 0 6px {colors.glow.gold/80}" : undefined}
        />
      ))}
    </HStack>
  );
}
