// The forge form: name, glyph, personality and model seat, checked with the server's own schema
// (@nomina/shared/agents), so the spec's messages and limits are the same on both sides.
import { Stack, Textarea, chakra } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { agentSchemas } from "@nomina/shared/agents";
import { Controller, useController, useForm, useWatch } from "react-hook-form";
import { RitualButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { ModelSelect } from "../../components/ModelSelect";
import { NameAndGlyph } from "../../components/NameAndGlyph";
import { SigilField } from "../../components/SigilField";
import { TagPicker } from "../../components/TagPicker";
import { notify } from "../../components/Toaster";
import { errorMessage } from "../../relay/errors";
import { useAgentForging, type ForgedAgent } from "../../subscriptions/useAwakening";
import { panelRecipe } from "../../theme/recipes";
import { AwakeningDraft } from "./AwakeningDraft";

const Panel = chakra("form", panelRecipe);
const { forgeAgentSchema } = agentSchemas(() => window);

export function ForgeForm({ onForged }: { onForged: (agent: ForgedAgent) => void }) {
  // Messages appear at a submit and stay until the next one; the seat starts unchosen.
  const { register, control, handleSubmit, reset, setValue, formState } = useForm({
    resolver: zodResolver(forgeAgentSchema),
    defaultValues: { name: "", glyph: "", personality: "", avatarUrl: null, tags: [] as string[] },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { errors } = formState;
  const { field: glyph } = useController({ control, name: "glyph" });
  // The sigil is drawn from the name as it is typed, and shows the one taken.
  const [sigilName, sigil] = useWatch({ control, name: ["name", "avatarUrl"] });
  // The forge streams the agent's awakening: its draft fills in under the button as it is written.
  const { forge, pending, draft } = useAgentForging();
  const forgingGlyph = useWatch({ control, name: "glyph" });

  const submit = handleSubmit(
    (input) =>
      forge(input, {
        onCompleted: (agent) => {
          notify("success", "Agent Forged", `${agent.name} has been bound to ${agent.apiModel}.`);
          reset();
          onForged(agent);
        },
        onError: (error) => notify("error", "Creation Failed", errorMessage(error, "The digital essence could not be bound")),
      }),
    (found) => {
      // The sigil has no field of its own to speak in: a refused one is answered as the server would.
      if (found.avatarUrl?.message) notify("error", "Creation Failed", found.avatarUrl.message);
    },
  );

  return (
    <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label="Forge a new agent">
      <Stack gap={6}>
        <NameAndGlyph
          name={register("name")}
          glyph={glyph}
          errors={{ name: errors.name?.message, glyph: errors.glyph?.message }}
          placeholders={{ name: "What shall it be called?", glyph: "e.g. ◊" }}
        />
        <SigilField
          name={sigilName}
          value={sigil ?? null}
          onChange={(picked) => {
            setValue("avatarUrl", picked?.dataUrl ?? null);
            if (picked) setValue("glyph", picked.mark);
          }}
        />
        <FormField label="Personality" error={errors.personality?.message} helper="How it thinks, speaks and behaves (at least 10 characters)" required>
          <Textarea {...register("personality")} rows={5} placeholder="Describe its essence..." bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Model seat" error={errors.apiModel?.message} required>
          <Controller
            name="apiModel"
            control={control}
            render={({ field }) => <ModelSelect value={field.value ?? ""} onChange={field.onChange} placeholder="Select a model..." />}
          />
        </FormField>
        <FormField label="Tags" helper={null}>
          <Controller
            name="tags"
            control={control}
            render={({ field }) => <TagPicker value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message ?? errors.tags?.root?.message} />}
          />
        </FormField>
        <RitualButton type="submit" size="lg" loading={pending} loadingText="Binding Essence...">
          FORGE AGENT
        </RitualButton>
        {pending && draft && <AwakeningDraft draft={draft} name={sigilName} glyph={forgingGlyph} />}
      </Stack>
    </Panel>
  );
}
