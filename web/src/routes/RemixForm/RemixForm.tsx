// The remix form: name (original + ' v2'), description, personality, model (gemini), glyph (◊)
// and an optional note, checked with the spec's messages. Success goes to The Named.
import { Box, Flex, Input, Stack, Textarea, chakra } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { ModelSeat } from "../../__generated__/useRemixAgentMutation.graphql";
import type { RemixForm_original$key } from "../../__generated__/RemixForm_original.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { GlyphInput } from "../../components/GlyphInput";
import { ModelSelect } from "../../components/ModelSelect";
import { SigilField } from "../../components/SigilField";
import { notify } from "../../components/Toaster";
import { DEFAULT_GLYPH, DEFAULT_REMIX_MODEL, hasErrors, validateRemix, type Errors, type RemixFields } from "../../forms/validation";
import { useRemixAgentMutation } from "../../mutations/useRemixAgentMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { paths } from "../paths";

const Panel = chakra("form", panelRecipe);

const fragment = graphql`
  fragment RemixForm_original on Agent {
    id
    name
    description
    personality
  }
`;

export function RemixForm({ original }: { original: RemixForm_original$key }) {
  const agent = useFragment(fragment, original);
  const navigate = useNavigate();
  const [remix, pending] = useRemixAgentMutation(agent.id);
  const [form, setForm] = useState<RemixFields>(() => ({
    name: `${agent.name} v2`,
    description: agent.description ?? "",
    personality: agent.personality,
    apiModel: DEFAULT_REMIX_MODEL,
    glyph: DEFAULT_GLYPH,
    remixNote: "",
  }));
  const [errors, setErrors] = useState<Errors<keyof RemixFields>>({});
  const [sigil, setSigil] = useState<string | null>(null);
  const set = (field: keyof RemixFields) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRemix(form);
    setErrors(found);
    if (hasErrors(found)) return;
    remix(
      {
        parentAgentId: agent.id,
        name: form.name.trim(),
        description: form.description.trim(),
        personality: form.personality.trim(),
        apiModel: form.apiModel as ModelSeat,
        glyph: form.glyph.trim(),
        remixNote: form.remixNote.trim() || null,
        avatarUrl: sigil,
      },
      {
        onCompleted: (child) => {
          notify("success", "Evolution Complete", `${child.name} has evolved from ${agent.name}.`);
          navigate(paths.theNamed);
        },
        onError: (error) => notify("error", "Remix Failed", errorMessage(error, "Failed to create remix")),
      },
    );
  };

  return (
    <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label={`Remix ${agent.name}`}>
      <Stack gap={6}>
        <Flex gap={5} direction={{ base: "column", sm: "row" }}>
          <Box flex="1">
            <FormField label="Name" error={errors.name} required>
              <Input value={form.name} onChange={(event) => set("name")(event.target.value)} bg="surface" borderColor="border" autoComplete="off" />
            </FormField>
          </Box>
          <Box flexShrink={0} w={{ base: "full", sm: "8.5rem" }}>
            <FormField label="Glyph" error={errors.glyph} helper="Up to 3 characters" required>
              <GlyphInput value={form.glyph} onValueChange={set("glyph")} bg="surface" borderColor="border" />
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
        <FormField label="Description" error={errors.description} helper="At least 10 characters" required>
          <Textarea value={form.description} onChange={(event) => set("description")(event.target.value)} rows={3} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Personality" error={errors.personality} helper="At least 20 characters" required>
          <Textarea value={form.personality} onChange={(event) => set("personality")(event.target.value)} rows={5} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Model seat" error={errors.apiModel} required>
          <ModelSelect value={form.apiModel} onChange={set("apiModel")} />
        </FormField>
        <FormField label="Remix note" helper="Optional: what changed, and why">
          <Input value={form.remixNote} onChange={(event) => set("remixNote")(event.target.value)} bg="surface" borderColor="border" autoComplete="off" />
        </FormField>
        <Flex gap={3} justify="flex-end" wrap="wrap">
          <VeilButton asChild>
            <RouterLink to={paths.remix}>Cancel</RouterLink>
          </VeilButton>
          <RitualButton type="submit" loading={pending} loadingText="Evolving...">
            EVOLVE
          </RitualButton>
        </Flex>
      </Stack>
    </Panel>
  );
}
