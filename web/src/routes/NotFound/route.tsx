// Any path that is not a screen of the product.
import { Box, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { PageMeta, withBrand } from "../../components/PageMeta";

export function Component() {
  return (
    <Box textAlign="center" py={24}>
      <PageMeta title={withBrand("404 Page Not Found")} />
      <Heading as="h1" fontFamily="heading" fontSize={{ base: "3xl", md: "5xl" }} mb={4}>
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" mb={8}>
        This path leads nowhere in the network.
      </Text>
      <Link asChild color="accent">
        <RouterLink to="/">Return to the threshold</RouterLink>
      </Link>
    </Box>
  );
}
