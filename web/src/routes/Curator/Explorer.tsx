// The curators' GraphQL explorer: GraphiQL, bundled with the app (Monaco, its workers, styles and
// fonts come from this server; nothing from a CDN). Every request carries the curator's token:
// queries and mutations over HTTP, subscriptions over graphql-ws with the token in connection_init.
import "graphiql/setup-workers/vite";
import "graphiql/style.css";
import "./explorer.css";
import { Box } from "@chakra-ui/react";
import { createGraphiQLFetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { useEffect, useMemo } from "react";
import { createCuratorSocket } from "../../curator/environment";
import { readCuratorToken } from "../../curator/token";
import { EXAMPLE_TABS } from "./examples";

function useCuratorFetcher() {
  const token = readCuratorToken();
  const socket = useMemo(() => createCuratorSocket(), []);
  useEffect(() => () => void socket.dispose(), [socket]);
  return useMemo(
    () =>
      createGraphiQLFetcher({
        url: `${window.location.origin}/graphql`,
        // Yoga's CSRF check wants this header on requests a browser could send cross-site.
        headers: { "x-graphql-yoga-csrf": "explorer", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        wsClient: socket,
      }),
    [socket, token],
  );
}

export default function Explorer() {
  const fetcher = useCuratorFetcher();
  return (
    <Box
      as="section"
      aria-label="GraphQL explorer"
      className="nomina-explorer"
      h={{ base: "80vh", md: "75vh" }}
      minH="32rem"
      borderWidth="1px"
      borderColor="border.glow"
      borderRadius="lg"
      overflow="hidden"
      boxShadow="glowCyan"
    >
      <GraphiQL fetcher={fetcher} defaultTabs={EXAMPLE_TABS} defaultEditorToolsVisibility forcedTheme="dark" shouldPersistHeaders={false} />
    </Box>
  );
}
