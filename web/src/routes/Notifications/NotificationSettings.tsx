// Which notifications the caller hears of: a switch per kind, all on until turned off. A kind
// turned off is not written from then on (what was written stays).
import { Box, Heading, Stack, Text, chakra } from "@chakra-ui/react";
import { useId, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from "@nomina/shared/notifications";
import type { NotificationSettings_query$key } from "../../__generated__/NotificationSettings_query.graphql";
import { notify } from "../../components/Toaster";
import { Toggle } from "../../components/Toggle";
import { useSetNotificationPreferencesMutation } from "../../mutations/useSetNotificationPreferencesMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("div", panelRecipe);

const fragment = graphql`
  fragment NotificationSettings_query on Query {
    notificationPreferences {
      muted
    }
  }
`;

export function NotificationSettings({ query }: { query: NotificationSettings_query$key }) {
  const data = useFragment(fragment, query);
  const [setMuted] = useSetNotificationPreferencesMutation();
  // What the switches show while the server answers; the store holds its answer after.
  const [pending, setPending] = useState<readonly string[] | null>(null);
  const muted = pending ?? data.notificationPreferences.muted;
  const heading = useId();

  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], wanted: boolean) => {
    const next = NOTIFICATION_KINDS.filter((each) => (each === kind ? !wanted : muted.includes(each)));
    setPending(next);
    setMuted(next, {
      onCompleted: () => setPending(null),
      onError: (error) => {
        setPending(null);
        notify("error", "Could not keep that setting", errorMessage(error, "Try again in a moment"));
      },
    });
  };

  return (
    <Panel as="section" aria-labelledby={heading} p={{ base: 4, md: 6 }}>
      <Heading as="h2" id={heading} textStyle="accountHeading" mb={2}>
        What you hear of
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb={5}>
        Turn a kind off and it is no longer written for you; what you already have stays.
      </Text>
      <Stack gap={4}>
        {NOTIFICATION_KINDS.map((kind) => (
          <Box key={kind}>
            <Toggle label={NOTIFICATION_KIND_LABELS[kind]} checked={!muted.includes(kind)} onChange={(wanted) => toggle(kind, wanted)} />
          </Box>
        ))}
      </Stack>
    </Panel>
  );
}
