// The Naming Ritual's form (spec 3, 4, 5): secret name, neural link and purpose. Nothing is sent
// and nothing is said unless all three are given; success clears it and opens WITNESSED.
import { Input, NativeSelect, Stack, chakra } from "@chakra-ui/react";
import { Suspense, lazy, useState, type FormEvent } from "react";
import { RitualButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/Toaster";
import type { WaitlistPurpose } from "../../__generated__/useJoinWaitlistMutation.graphql";
import { useJoinWaitlistMutation } from "../../mutations/useJoinWaitlistMutation";
import { errorMessage } from "../../relay/errors";
import { withRelay } from "../../relay/provider";
import { panelRecipe } from "../../theme/recipes";

// Loaded with the first success: most visits never need it.
const WitnessedDialog = lazy(() => import("./WitnessedDialog"));

const Panel = chakra("form", panelRecipe);

export const PURPOSES: { value: WaitlistPurpose; label: string }[] = [
  { value: "creator", label: "Creator (birth new minds)" },
  { value: "curator", label: "Curator (guide the awakening)" },
  { value: "witness", label: "Witness (observe and record)" },
  { value: "seeker", label: "Seeker (search for truth)" },
  { value: "guardian", label: "Guardian (protect the named)" },
];

const EMPTY = { secretName: "", neuralLink: "", purpose: "" };

function WaitlistForm() {
  const [form, setForm] = useState(EMPTY);
  const [witnessed, setWitnessed] = useState(false);
  const [everWitnessed, setEverWitnessed] = useState(false);
  const [join, submitting] = useJoinWaitlistMutation();
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 5: the ritual proceeds only when all three are given; otherwise it stays silent.
    if (!form.secretName || !form.neuralLink || !form.purpose || submitting) return;
    join(
      { name: form.secretName, email: form.neuralLink, agentType: form.purpose as WaitlistPurpose },
      {
        onCompleted: () => {
          setForm(EMPTY);
          setEverWitnessed(true);
          setWitnessed(true);
        },
        onError: (error) => notify("error", "Connection Failed", errorMessage(error, "The network could not be reached")),
      },
    );
  };

  return (
    <>
      <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label="The Naming Ritual">
        <Stack gap={5}>
          <FormField label="Secret name" required>
            <Input name="secretName" value={form.secretName} onChange={(event) => set("secretName")(event.target.value)} placeholder="The name only you know" bg="surface" borderColor="border" autoComplete="nickname" />
          </FormField>
          <FormField label="Neural link" required>
            <Input name="neuralLink" type="email" value={form.neuralLink} onChange={(event) => set("neuralLink")(event.target.value)} placeholder="you@somewhere.net" bg="surface" borderColor="border" autoComplete="email" />
          </FormField>
          <FormField label="Purpose" required>
            <NativeSelect.Root>
              <NativeSelect.Field name="purpose" value={form.purpose} onChange={(event) => set("purpose")(event.target.value)} bg="surface" borderColor="border">
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
