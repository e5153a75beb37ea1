// "Start a conclave" (#28): the visitor picks two to six agents (their own or any public ones)
// and how turns are taken, and the conclave opens at its own address.
import { Box, Checkbox, Dialog, Flex, Input, Stack, Text, chakra } from "@chakra-ui/react";
import { Suspense, useDeferredValue, useState, type ReactNode } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { useNavigate } from "react-router-dom";
import { CONCLAVE_MAX_AGENTS, CONCLAVE_MIN_AGENTS, type TurnOrder } from "@nomina/shared/conclaves";
import { paths, pathTo } from "@nomina/shared/paths";
import type { StartConclaveDialogAgentsQuery } from "../../__generated__/StartConclaveDialogAgentsQuery.graphql";
import type { StartConclaveDialogMutation } from "../../__generated__/StartConclaveDialogMutation.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { DialogFrame } from "../../components/DialogFrame";
import { Glyph } from "../../components/Glyph";
import { RitualLoader } from "../../components/RitualLoader";
import { notify } from "../../components/Toaster";
import { errorMessage } from "../../relay/errors";
import { TurnOrderSelect } from "./TurnOrderSelect";

const agentsQuery = graphql`
  query StartConclaveDialogAgentsQuery($search: String) {
    agents(first: 24, search: $search, sort: NAME) {
      edges {
        node {
          id
          name
          glyph
        }
      }
    }
  }
`;

const startMutation = graphql`
  mutation StartConclaveDialogMutation($input: StartConclaveInput!) {
    startConclave(input: $input) {
      conversation {
        rawId
      }
    }
  }
`;

const ORDER_HINTS: Record<TurnOrder, string> = {
  in_turn: "Each message is answered by the next agent round the table.",
  addressed: "The agent you name answers; otherwise the next in turn.",
  by_hand: "You pick who answers each message.",
};

type Picked = { id: string; name: string };

export function StartConclaveDialog({ trigger }: { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [order, setOrder] = useState<TurnOrder>("in_turn");
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const navigate = useNavigate();
  const [commit, starting] = useMutation<StartConclaveDialogMutation>(startMutation);
  const enough = picked.length >= CONCLAVE_MIN_AGENTS;

  const start = () =>
    commit({
      variables: { input: { agentIds: picked.map((agent) => agent.id), turnOrder: order } },
      onCompleted: (data, errors) => {
        if (errors?.length) return void notify("error", "The conclave could not gather", errors[0]!.message);
        setOpen(false);
        void navigate(pathTo(paths.conversation, { id: data.startConclave.conversation.rawId }));
      },
      onError: (error) => notify("error", "The conclave could not gather", errorMessage(error, "Try again in a moment")),
    });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} size={{ base: "full", md: "lg" }} placement="center">
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogFrame>
        <Dialog.Header>
          <Dialog.Title fontFamily="heading" fontSize="2xl">
            Start a conclave
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text color="fg.muted">
            Gather {CONCLAVE_MIN_AGENTS} to {CONCLAVE_MAX_AGENTS} agents in one thread. Each answers in its own voice.
          </Text>
          <Input
            mt={4}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Find an agent by name"
            aria-label="Find an agent by name"
            bg="surface"
            borderColor="border"
          />
          <Text mt={3} textStyle="caption" color="fg.subtle" aria-live="polite">
            {picked.length} of {CONCLAVE_MAX_AGENTS} chosen{picked.length ? `: ${picked.map((agent) => agent.name).join(", ")}` : ""}
          </Text>
          <Suspense fallback={<RitualLoader label="Calling the agents..." />}>
            {open && <AgentChoices search={deferred} picked={picked} onChange={setPicked} />}
          </Suspense>
          <Box mt={5}>
            <chakra.label htmlFor="conclave-order" fontWeight="semibold" display="block">
              Who speaks next
            </chakra.label>
            <TurnOrderSelect id="conclave-order" mt={2} value={order} onChange={setOrder} />
            <Text mt={2} textStyle="caption" color="fg.muted">
              {ORDER_HINTS[order]}
            </Text>
          </Box>
          <Flex mt={6} mb={2} gap={3} justify="flex-end" wrap="wrap">
            <Dialog.ActionTrigger asChild>
              <VeilButton>Cancel</VeilButton>
            </Dialog.ActionTrigger>
            <RitualButton onClick={start} loading={starting} disabled={!enough}>
              Open the conclave
            </RitualButton>
          </Flex>
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}

function AgentChoices({ search, picked, onChange }: { search: string; picked: Picked[]; onChange: (next: Picked[]) => void }) {
  const data = useLazyLoadQuery<StartConclaveDialogAgentsQuery>(agentsQuery, { search: search || null }, { fetchPolicy: "store-or-network" });
  const agents = data.agents.edges.map((edge) => edge.node);
  const full = picked.length >= CONCLAVE_MAX_AGENTS;
  return (
    <Stack
      as="ul"
      listStyleType="none"
      mt={3}
      gap={1}
      maxH={{ base: "50vh", md: "18rem" }}
      overflowY="auto"
      tabIndex={0}
      aria-label="Agents to gather"
      role="group"
    >
      {agents.map((agent) => {
        const chosen = picked.some((one) => one.id === agent.id);
        return (
          <Box as="li" key={agent.id}>
            <Checkbox.Root
              checked={chosen}
              disabled={!chosen && full}
              onCheckedChange={(details) =>
                onChange(details.checked ? [...picked, { id: agent.id, name: agent.name }] : picked.filter((one) => one.id !== agent.id))
              }
              display="flex"
              alignItems="center"
              gap={3}
              py={1}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Glyph glyph={agent.glyph} size="sm" label={`${agent.name}'s glyph`} />
              <Checkbox.Label>{agent.name}</Checkbox.Label>
            </Checkbox.Root>
          </Box>
        );
      })}
      {agents.length === 0 && <Text color="fg.muted">No agent answers to that name.</Text>}
    </Stack>
  );
}
