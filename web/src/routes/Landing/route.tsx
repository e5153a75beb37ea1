// / : the threshold of the product (spec 2): hero, Echo Chamber, pillars, the Naming Ritual and
// the terminal bar. It reads no graph data up front: the waitlist form brings Relay with it.
import { Box } from "@chakra-ui/react";
import { PageMeta, PRODUCT_TITLE } from "../../components/PageMeta";
import { EchoChamber } from "./EchoChamber";
import { Hero } from "./Hero";
import { NamingRitual } from "./NamingRitual";
import { Pillars } from "./Pillars";
import { TerminalBar } from "./TerminalBar";

export function Component() {
  return (
    <Box maxW="6xl" mx="auto" pb={24}>
      <PageMeta title={PRODUCT_TITLE} />
      <Hero />
      <EchoChamber />
      <Pillars />
      <NamingRitual />
      <TerminalBar />
    </Box>
  );
}

export { RouteError as ErrorBoundary } from "../../components/RouteError";
