// The profile's failure state (spec 2): AGENT NOT FOUND, why, and a way back; and an agent's own
// screen opened by someone other than its creator.
import { Box, Heading, Text } from "@chakra-ui/react";
import { paths, pathTo } from "@nomina/shared/paths";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { VeilButton } from "../../components/Buttons";
import { Glyph } from "../../components/Glyph";
import { PageMeta, withBrand } from "../../components/PageMeta";

export function AgentNotFound({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Box role="alert" textAlign="center" py={16}>
      <PageMeta title={withBrand("Agent not found")} />
      <Glyph glyph="⌀" size="lg" label="an empty seat" />
      <Heading as="h1" textStyle="absenceTitle" mt={6} color="danger">
        AGENT NOT FOUND
      </Heading>
      <Text color="fg.muted" mt={4}>
        {message}
      </Text>
      <VeilButton mt={8} onClick={() => navigate(-1)}>
        RETURN
      </VeilButton>
    </Box>
  );
}

/** An agent's own screen (its editor, its numbers) opened by someone else: why not, and the way back to its profile. */
export function NotItsCreator({ message, agentId }: { message: string; agentId: string }) {
  return (
    <Box role="alert" textAlign="center" py={12}>
      <Text color="danger" mb={6}>
        {message}
      </Text>
      <VeilButton asChild>
        <RouterLink to={pathTo(paths.agentProfile, { agentId })}>Back to its profile</RouterLink>
      </VeilButton>
    </Box>
  );
}
