// A session that does not exist, or that its asker keeps private.
import { Box, Link, Text } from "@chakra-ui/react";
import { SESSION_NOT_FOUND } from "@nomina/shared/council";
import { paths } from "@nomina/shared/paths";
import { Link as RouterLink } from "react-router-dom";
import { PageMeta, withBrand } from "../../components/PageMeta";

export function SessionMissing() {
  return (
    <Box role="alert" textAlign="center" py={12}>
      <PageMeta title={withBrand(SESSION_NOT_FOUND)} />
      <Text as="h2" textStyle="terminalNotice" fontSize="2xl" color="danger">
        {SESSION_NOT_FOUND}
      </Text>
      <Text color="fg.muted" mt={3}>
        The Council keeps no such session, or its asker keeps it private.
      </Text>
      <Link asChild color="accent" mt={6} display="inline-block" fontSize="sm">
        <RouterLink to={paths.summon}>Summon your own</RouterLink>
      </Link>
    </Box>
  );
}
