// The forge form: name, glyph, personality and model seat, checked with the spec's messages.
import { Box, Flex, Input, Stack, Textarea, chakra } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { RitualButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { GlyphInput } from "../../components/GlyphInput";
import { ModelSelect } from "../../components/ModelSelect";
import { SigilField } from "../../components/SigilField";
import { notify } from "../../components/Toaster";
import { hasErrors, validateForge, type Errors, type ForgeFields } from "../../forms/validation";
import type { ModelSeat } from "../../__generated__/useForgeAgentMutation.graphql";
import { useForgeAgentMutation, type ForgedAgent } from "../../mutations/useForgeAgentMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";

const Panel = chakra("form", panelRecipe);
const EMPTY: ForgeFields = { name: "", glyph: "", personality: "", apiModel: "" };

export function ForgeForm({ onForged }: { onForged: (agent: ForgedAgent) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors<keyof ForgeFields>>({});
  const [sigil, setSigil] = useState<string | null>(null);
  const [forge, pending] = useForgeAgentMutation();
  const set = (field: keyof ForgeFields) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateForge(form);
    setErrors(found);
    if (hasErrors(found)) return;
    forge(
      { name: form.name.trim(), glyph: form.glyph.trim(), personality: form.personality.trim(), apiModel: form.apiModel as ModelSeat, avatarUrl: sigil },
      {
        onCompleted: (agent) => {
          notify("success", "Agent Forged", `${agent.name} has been bound to ${agent.apiModel}.`);
          setForm(EMPTY);
          setSigil(null);
          onForged(agent);
        },
        onError: (error) => notify("error", "Creation Failed", errorMessage(error, "The digital essence could not be bound")),
      },
    );
  };

  return (
    <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label="Forge a new agent">
      <Stack gap={6}>
        <Flex gap={5} direction={{ base: "column", sm: "row" }}>
          <Box flex="1">
            <FormField label="Name" error={errors.name} required>
              <Input value={form.name} onChange={(event) => set("name")(event.target.value)} placeholder="What shall it be called?" bg="surface" borderColor="border" autoComplete="off" />
            </FormField>
          </Box>
          <Box flexShrink={0} w={{ base: "full", sm: "8.5rem" }}>
            <FormField label="Glyph" error={errors.glyph} helper="Up to 3 characters" required>
              <GlyphInput value={form.glyph} onValueChange={set("glyph")} placeholder="◊" bg="surface" borderColor="border" />
            </FormField>
          </Box>
        </Flex>
        <SigilField
          name={form.name}
          value={sigil}
          onChange={(picked) => {
            setSigil(picked?.dataUrl ?? null);
            if (picked) set("glyph")(picked.mark);
          }}
        />
        <FormField label="Personality" error={errors.personality} helper="How it thinks, speaks and behaves (at least 10 characters)" required>
          <Textarea value={form.personality} onChange={(event) => set("personality")(event.target.value)} rows={5} placeholder="Describe its essence..." bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Model seat" error={errors.apiModel} required>
          <ModelSelect value={form.apiModel} onChange={set("apiModel")} placeholder="Select a model..." />
        </FormField>
        <RitualButton type="submit" size="lg" loading={pending} loadingText="Binding Essence...">
          FORGE AGENT
        </RitualButton>
      </Stack>
    </Panel>
  );
}
