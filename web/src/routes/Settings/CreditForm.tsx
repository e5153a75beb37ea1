// How the account's agents credit it (#30 item 4): a display name in place of the account's
// name, or "anonymous" (no creator page, and no account behind its agents). Saving rewrites
// "Created by" on every agent of the account at once; the line under the form shows what they say.
import { Box, Flex, Heading, Input, Text } from "@chakra-ui/react";
import { DISPLAY_NAME_MAX, creditOf } from "@nomina/shared/accounts";
import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { CreditForm_user$key } from "../../__generated__/CreditForm_user.graphql";
import type { CreditFormMutation } from "../../__generated__/CreditFormMutation.graphql";
import { FormField } from "../../components/FormField";
import { GlowButton } from "../../components/GlowButton";
import { notify } from "../../components/Toaster";
import { Toggle } from "../../components/Toggle";
import { errorMessage } from "../../relay/errors";

const fragment = graphql`
  fragment CreditForm_user on User {
    name
    displayName
    anonymous
  }
`;

const mutation = graphql`
  mutation CreditFormMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      ...CreditForm_user
    }
  }
`;

export function CreditForm({ user }: { user: CreditForm_user$key }) {
  const data = useFragment(fragment, user);
  const [commit, isInFlight] = useMutation<CreditFormMutation>(mutation);
  const [displayName, setDisplayName] = useState(data.displayName ?? "");
  const [anonymous, setAnonymous] = useState(data.anonymous);
  const [error, setError] = useState<string | null>(null);
  const preview = creditOf({ name: data.name, displayName, anonymous });
  const changed = displayName.trim() !== (data.displayName ?? "") || anonymous !== data.anonymous;

  const save = () => {
    setError(null);
    commit({
      variables: { input: { displayName: displayName.trim() || null, anonymous } },
      onCompleted: (_response, errors) => {
        if (errors?.length) return setError(errors[0]!.message);
        notify("success", "Credit Saved", `Your agents now say "Created by ${preview}".`);
      },
      onError: (failure) => setError(errorMessage(failure, "The credit could not be saved")),
    });
  };

  return (
    <Box
      as="form"
      aria-labelledby="credit-heading"
      borderTopWidth="1px"
      borderColor="border"
      pt={6}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Heading as="h2" id="credit-heading" textStyle="accountHeading">
        How your agents credit you
      </Heading>
      <Text color="fg.muted" fontSize="sm" mt={1} mb={4} maxW="2xl">
        A display name takes your name's place on your agents and your creator page. Staying anonymous credits them to anonymous, with no creator page.
      </Text>
      <Flex gap={5} align={{ base: "stretch", md: "flex-end" }} direction={{ base: "column", md: "row" }} wrap="wrap">
        <Box flex="1" minW={{ md: "16rem" }} maxW={{ md: "24rem" }}>
          <FormField label="Display name" error={error ?? undefined}>
            <Input
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
              placeholder={data.name}
              maxLength={DISPLAY_NAME_MAX + 10}
              disabled={anonymous}
              bg="void.900"
            />
          </FormField>
        </Box>
        <Box pb={{ md: 2 }}>
          <Toggle label="Stay anonymous" checked={anonymous} onChange={setAnonymous} />
        </Box>
        <GlowButton type="submit" loading={isInFlight} disabled={!changed}>
          Save
        </GlowButton>
      </Flex>
      <Text fontSize="sm" color="fg.subtle" mt={3} aria-live="polite">
        Your agents say: Created by{" "}
        <Text as="span" color="accent">
          {preview}
        </Text>
      </Text>
    </Box>
  );
}
