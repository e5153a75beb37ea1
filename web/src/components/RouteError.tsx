// The last line of defence for a screen that failed to load. A visitor reads what happened in
// words meant for people (the server's message, or the product's own), never a raw (minified)
// error of the code; that one goes to the console.
import { Box, Button, Heading, Text } from "@chakra-ui/react";
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { serverMessage } from "../relay/errors";
import { PageMeta, withBrand } from "./PageMeta";

export const ROUTE_ERROR_TITLE = "The ritual was interrupted";
export const ROUTE_ERROR_TEXT = "This screen could not open. Try again in a moment.";

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const message = isRouteErrorResponse(error) ? `${error.status}: ${error.statusText}` : (serverMessage(error) ?? ROUTE_ERROR_TEXT);
  return (
    <Box role="alert" textAlign="center" py={20} px={4}>
      <PageMeta title={withBrand(ROUTE_ERROR_TITLE)} />
      <Heading fontFamily="heading" color="danger" mb={4}>
        {ROUTE_ERROR_TITLE}
      </Heading>
      <Text color="fg.muted" mb={6}>
        {message}
      </Text>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </Box>
  );
}
