// /create-agent: Forge New Agent (spec 2): the form, then the confirmation card.
import { Box } from "@chakra-ui/react";
import { useState } from "react";
import { PageMeta, withBrand } from "../../components/PageMeta";
import { ScreenTitle } from "../../components/ScreenTitle";
import type { ForgedAgent } from "../../subscriptions/useAwakening";
import { ForgedCard } from "./ForgedCard";
import { ForgeForm } from "./ForgeForm";

export function Component() {
  const [forged, setForged] = useState<ForgedAgent | null>(null);
  return (
    <Box maxW="3xl" mx="auto">
      <PageMeta title={withBrand("Forge New Agent")} />
      <ScreenTitle eyebrow="THE FORGE" title="Forge New Agent" subtitle="Give a mind its name, its glyph, its temperament and the seat it will speak from." />
      {forged ? <ForgedCard agent={forged} onAnother={() => setForged(null)} /> : <ForgeForm onForged={setForged} />}
    </Box>
  );
}

export { RouteError as ErrorBoundary } from "../../components/RouteError";
