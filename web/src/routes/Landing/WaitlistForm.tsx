// The Naming Ritual's form (spec 3, 4, 5): secret name, neural link and purpose. Nothing is sent
// and nothing is said unless all three are given; success clears it and opens WITNESSED. It shows
// no message of its own (spec 5), so it checks with the shared schema directly, without a form
// library: react-hook-form would add 13 KB gzipped to the landing page for nothing shown.
import { Input, NativeSelect, Stack, chakra } from "@chakra-ui/react";
import type { JoinWaitlistInput } from "@nomina/shared/waitlist";
import { Suspense, lazy, useState, type ChangeEvent, type FormEvent } from "react";
import { RitualButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/Toaster";
import type { WaitlistPurpose } from "../../__generated__/useJoinWaitlistMutation.graphql";
import { useJoinWaitlistMutation } from "../../mutations/useJoinWaitlistMutation";
import { errorMessage } from "../../relay/errors";
import { withRelay } from "../../relay/provider";
import { panelRecipe } from "../../theme/recipes";
import { loadWaitlistChecks, preloadWaitlistChecks, type WaitlistCheck, type WaitlistFields } from "./waitlist-checks";

// Loaded with the first success: most visits never need it.
const WitnessedDialog = lazy(() => import("./WitnessedDialog"));

const Panel = chakra("form", panelRecipe);
const EMPTY: WaitlistFields = { secretName: "", neuralLink: "", purpose: "" };

export const PURPOSES: { value: WaitlistPurpose; label: string }[] = [
  { value: "creator", label: "Creator (birth new minds)" },
  { value: "curator", label: "Curator (guide the awakening)" },
  { value: "witness", label: "Witness (observe and record)" },
  { value: "seeker", label: "Seeker (search for truth)" },
  { value: "guardian", label: "Guardian (protect the named)" },
];

function WaitlistForm() {
  const [fields, setFields] = useState<WaitlistFields>(EMPTY);
  const [witnessed, setWitnessed] = useState(false);
  const [everWitnessed, setEverWitnessed] = useState(false);
  const [join, submitting] = useJoinWaitlistMutation();
  const field = (name: keyof WaitlistFields) => ({
    name,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const send = (input: JoinWaitlistInput) => {
    join(input, {
      onCompleted: () => {
        setFields(EMPTY);
        setEverWitnessed(true);
        setWitnessed(true);
      },
      onError: (error) => notify("error", "Connection Failed", errorMessage(error, "The network could not be reached")),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec 5: the ritual proceeds only when all three are given; otherwise it stays silent.
    if (submitting || !fields.secretName || !fields.neuralLink || !fields.purpose) return;
    let check: WaitlistCheck;
    try {
      check = (await loadWaitlistChecks())(fields);
    } catch {
      // The checks themselves may fail to arrive: that is the network failing too.
      return notify("error", "Connection Failed", "The network could not be reached");
    }
    // Given but refused (an address that is none), it fails as the network would, with its words.
    if ("refusal" in check) notify("error", "Connection Failed", check.refusal);
    else send(check.input);
  };

  return (
    <>
      <Panel onSubmit={submit} onFocus={preloadWaitlistChecks} noValidate p={{ base: 5, md: 8 }} aria-label="The Naming Ritual">
        <Stack gap={5}>
          <FormField label="Secret name" required>
            <Input {...field("secretName")} placeholder="The name only you know" bg="surface" borderColor="border" autoComplete="nickname" />
          </FormField>
          <FormField label="Neural link" required>
            <Input {...field("neuralLink")} type="email" placeholder="you@somewhere.net" bg="surface" borderColor="border" autoComplete="email" />
          </FormField>
          <FormField label="Purpose" required>
            <NativeSelect.Root>
              <NativeSelect.Field {...field("purpose")} bg="surface" borderColor="border">
                <option value="">Choose your purpose...</option>
                {PURPOSES.map((purpose) => (
                  <option key={purpose.value} value={purpose.value}>
                    {purpose.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <RitualButton type="submit" size="lg" disabled={submitting}>
            {submitting ? "TRANSMITTING..." : "BEGIN THE NAMING"}
          </RitualButton>
        </Stack>
      </Panel>
      {everWitnessed && (
        <Suspense fallback={null}>
          <WitnessedDialog open={witnessed} onClose={() => setWitnessed(false)} />
        </Suspense>
      )}
    </>
  );
}

export default withRelay(WaitlistForm);
