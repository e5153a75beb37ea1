// Importing a Character Card (V2 or V3, JSON or PNG): the file goes to the server as it is, and
// the agent it forges joins the list, with a link to its profile; a file the server refuses
// shows what is wrong with it, in the server's words.
import { Box, Link, Text, chakra } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths, pathTo } from "@nomina/shared/paths";
import { RitualButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { importCard, type ImportedAgent } from "./cards";

type Outcome = { kind: "imported"; agent: ImportedAgent } | { kind: "refused"; message: string } | null;

export function ImportCard({ onImported }: { onImported: (agent: ImportedAgent) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async (file: File) => {
    setPending(true);
    setOutcome(null);
    try {
      const agent = await importCard(file);
      setOutcome({ kind: "imported", agent });
      notify("success", "Card Imported", `${agent.name} has crossed into the network.`);
      onImported(agent);
    } catch (error) {
      setOutcome({ kind: "refused", message: error instanceof Error ? error.message : "The card could not be imported" });
    } finally {
      setPending(false);
    }
  };

  return (
    <Box>
      <chakra.input
        ref={input}
        type="file"
        accept=".json,.png,application/json,image/png"
        aria-label="Character card file"
        display="none"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void send(file);
        }}
      />
      <RitualButton size="sm" loading={pending} loadingText="Reading the card..." onClick={() => input.current?.click()}>
        Import a card
      </RitualButton>
      <Text textStyle="caption" color="fg.subtle" mt={1.5}>
        A Character Card V2 or V3, as .json or .png
      </Text>
      <Box aria-live="polite" mt={outcome ? 2 : 0}>
        {outcome?.kind === "imported" && (
          <Text fontSize="sm" color="glow.green">
            {outcome.agent.name} was imported.{" "}
            <Link asChild color="accent" textDecoration="underline">
              <RouterLink to={pathTo(paths.agentProfile, { agentId: outcome.agent.id })}>Open its profile</RouterLink>
            </Link>
          </Text>
        )}
      </Box>
      {outcome?.kind === "refused" && (
        <Text role="alert" fontSize="sm" color="danger" mt={2}>
          {outcome.message}
        </Text>
      )}
    </Box>
  );
}
