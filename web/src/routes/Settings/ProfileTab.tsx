// Profile: who the account is (read-only), whether its email is verified, its counters, and how
// its agents credit it (a display name, or anonymous).
import { Badge, Flex, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { ProfileTab_user$key } from "../../__generated__/ProfileTab_user.graphql";
import { FormField } from "../../components/FormField";
import { Counter } from "./Counter";
import { CreditForm } from "./CreditForm";
import { ResendVerification } from "./ResendVerification";

const fragment = graphql`
  fragment ProfileTab_user on User {
    name
    email
    verified
    loginCount
    ritualTier
    usage {
      agentsCreated
      synthRuns
    }
    ...CreditForm_user
  }
`;

export function ProfileTab({ user }: { user: ProfileTab_user$key }) {
  const data = useFragment(fragment, user);
  return (
    <Stack gap={6}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
        <FormField label="Name">
          <Input value={data.name} readOnly bg="void.900" />
        </FormField>
        <FormField label="Email">
          <Input value={data.email} readOnly bg="void.900" />
        </FormField>
      </SimpleGrid>
      <Flex align="center" gap={4} flexWrap="wrap">
        {data.verified ? (
          <Badge colorPalette="green" variant="solid" size="lg" textStyle="terminal">
            ✓ Verified
          </Badge>
        ) : (
          <>
            <Badge colorPalette="orange" variant="outline" size="lg" textStyle="terminal">
              Unverified
            </Badge>
            <ResendVerification />
          </>
        )}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
        <Counter label="Connections" value={data.loginCount} />
        <Counter label="Ritual Tier" value={data.ritualTier} />
        <Counter label="Agents Created" value={data.usage.agentsCreated} />
        <Counter label="Council Synths" value={data.usage.synthRuns} />
      </SimpleGrid>
      <CreditForm user={data} />
    </Stack>
  );
}
