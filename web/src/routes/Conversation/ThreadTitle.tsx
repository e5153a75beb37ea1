// A thread's title and who it is with (a link to the agent's profile), on its own page: larger on
// the shared page, which is read once and whole; on one line on the owner's, beside the thread list.
// An agent whose creator left has departed (#42): its name stays, with no profile to lead to.
import { Box, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";

type Props = { title: string; agentName: string; profile: string; shared?: boolean; departed?: boolean };

export function ThreadTitle({ title, agentName, profile, shared = false, departed = false }: Props) {
  return (
    <Box minW={0}>
      <Text as="h1" fontFamily="heading" fontSize={{ base: "xl", md: shared ? "3xl" : "2xl" }} lineHeight="1.2" truncate={!shared}>
        {title}
      </Text>
      <Text color="fg.muted" mt={1}>
        with{" "}
        {departed ? (
          <>
            {agentName}{" "}
            <Text as="span" textStyle="caption" color="fg.subtle">
              (departed)
            </Text>
          </>
        ) : (
          <Link asChild color="accent">
            <RouterLink to={profile}>{agentName}</RouterLink>
          </Link>
        )}
      </Text>
    </Box>
  );
}
