// Security: a new password, and the way out.
import { Stack } from "@chakra-ui/react";
import { graphql, useFragment } from "react-relay";
import type { SecurityTab_user$key } from "../../__generated__/SecurityTab_user.graphql";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { DisconnectButton } from "./DisconnectButton";

const fragment = graphql`
  fragment SecurityTab_user on User {
    email
  }
`;

export function SecurityTab({ user }: { user: SecurityTab_user$key }) {
  const data = useFragment(fragment, user);
  return (
    <Stack gap={8}>
      <ChangePasswordForm email={data.email} />
      <DisconnectButton />
    </Stack>
  );
}
