// The last line of defence for a screen that failed to load.
import { Box, Heading, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "An unknown disturbance";
  return (
    <Box role="alert" textAlign="center" py={20} px={4}>
      <Heading fontFamily="heading" color="danger" mb={4}>
        The ritual was interrupted
      </Heading>
      <Text color="fg.muted">{message}</Text>
    </Box>
  );
}
