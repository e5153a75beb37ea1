// Who holds the console, and the way out (curatorLogout; the token is forgotten even when the
// call fails). A token the server no longer ties to a curator is dropped here.
import { Flex, Text } from "@chakra-ui/react";
import { useEffect } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { CuratorBadgeQuery } from "../../__generated__/CuratorBadgeQuery.graphql";
import { VeilButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { clearCuratorToken } from "../../curator/token";
import { useCuratorLogoutMutation } from "../../mutations/useCuratorLogoutMutation";

const query = graphql`
  query CuratorBadgeQuery {
    curator {
      name
      email
    }
  }
`;

export function CuratorBadge() {
  const { curator } = useLazyLoadQuery<CuratorBadgeQuery>(query, {}, { fetchPolicy: "network-only" });
  const [logout, leaving] = useCuratorLogoutMutation();
  useEffect(() => {
    if (!curator) clearCuratorToken();
  }, [curator]);
  if (!curator) return null;
  return (
    <Flex align="center" gap={3} justify="flex-end" wrap="wrap" mb={4}>
      <Text textStyle="caption" color="fg.muted">
        Curating as{" "}
        <Text as="span" color="glow.cyan">
          {curator.name}
        </Text>{" "}
        ({curator.email})
      </Text>
      <VeilButton
        size="xs"
        loading={leaving}
        onClick={() =>
          logout(() => {
            clearCuratorToken();
            notify("info", "Logged Out", "The console is closed.");
          })
        }
      >
        Sign out
      </VeilButton>
    </Flex>
  );
}
