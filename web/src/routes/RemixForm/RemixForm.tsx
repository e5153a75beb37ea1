// The remix form: name (original + ' v2'), description, personality, model (gemini), glyph (◊)
// an optional note and its tags (the original's, to keep or change), checked with the server's own schema (@nomina/shared/agents). Success
// goes to the new agent's profile (issue #30 over the spec's "to The Named": docs/DECISIONS.md),
// where its owner finds "Talk to it" and what it inherited.
import { Flex, Input, Stack, Textarea, chakra } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { agentSchemas, DEFAULT_REMIX_GLYPH, DEFAULT_REMIX_SEAT } from "@nomina/shared/agents";
import { Controller, useController, useForm, useWatch } from "react-hook-form";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { RemixForm_original$key } from "../../__generated__/RemixForm_original.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { ModelSelect } from "../../components/ModelSelect";
import { NameAndGlyph } from "../../components/NameAndGlyph";
import { SigilField } from "../../components/SigilField";
import { TagPicker } from "../../components/TagPicker";
import { notify } from "../../components/Toaster";
import { useRemixAgentMutation } from "../../mutations/useRemixAgentMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { paths, pathTo } from "@nomina/shared/paths";

const Panel = chakra("form", panelRecipe);
// The original is the page's; the origin is the server's to derive.
const remixSchema = agentSchemas(() => window).remixAgentSchema.omit({ parentAgentId: true, originAgentId: true });

const fragment = graphql`
  fragment RemixForm_original on Agent {
    id
    name
    description
    personality
    tags
  }
`;

export function RemixForm({ original }: { original: RemixForm_original$key }) {
  const agent = useFragment(fragment, original);
  const navigate = useNavigate();
  const [remix, pending] = useRemixAgentMutation(agent.id);
  // Messages appear at a submit and stay until the next one.
  const { register, control, handleSubmit, setValue, formState } = useForm({
    resolver: zodResolver(remixSchema),
    defaultValues: {
      name: `${agent.name} v2`,
      description: agent.description ?? "",
      personality: agent.personality,
      apiModel: DEFAULT_REMIX_SEAT,
      glyph: DEFAULT_REMIX_GLYPH,
      remixNote: "",
      avatarUrl: null,
      // A remix carries its original's tags unless changed here (the form always sends them).
      tags: [...agent.tags],
    },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { errors } = formState;
  const { field: glyph } = useController({ control, name: "glyph" });
  // The sigil is drawn from the name as it is typed, and shows the one taken.
  const [sigilName, sigil] = useWatch({ control, name: ["name", "avatarUrl"] });

  const submit = handleSubmit(
    (input) =>
      remix(
        { ...input, parentAgentId: agent.id, remixNote: input.remixNote || null },
        {
          onCompleted: (child) => {
            notify("success", "Evolution Complete", `${child.name} has evolved from ${agent.name}.`);
            void navigate(pathTo(paths.agentByUsername, { username: child.username }));
          },
          onError: (error) => notify("error", "Remix Failed", errorMessage(error, "Failed to create remix")),
        },
      ),
    (found) => {
      // The sigil has no field of its own to speak in: a refused one is answered as the server would.
      if (found.avatarUrl?.message) notify("error", "Remix Failed", found.avatarUrl.message);
    },
  );

  return (
    <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label={`Remix ${agent.name}`}>
      <Stack gap={6}>
        <NameAndGlyph
          name={register("name")}
          glyph={{ value: glyph.value ?? "", onChange: glyph.onChange }}
          errors={{ name: errors.name?.message, glyph: errors.glyph?.message }}
        />
        <SigilField
          name={sigilName ?? ""}
          value={sigil ?? null}
          onChange={(picked) => {
            setValue("avatarUrl", picked?.dataUrl ?? null);
            if (picked) setValue("glyph", picked.mark);
          }}
        />
        <FormField label="Description" error={errors.description?.message} helper="At least 10 characters" required>
          <Textarea {...register("description")} rows={3} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Personality" error={errors.personality?.message} helper="At least 20 characters" required>
          <Textarea {...register("personality")} rows={5} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Model seat" error={errors.apiModel?.message} required>
          <Controller name="apiModel" control={control} render={({ field }) => <ModelSelect value={field.value ?? ""} onChange={field.onChange} />} />
        </FormField>
        <FormField label="Tags" helper={null}>
          <Controller
            name="tags"
            control={control}
            render={({ field }) => <TagPicker value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message} />}
          />
        </FormField>
        <FormField label="Remix note" helper="Optional: what changed, and why">
          <Input {...register("remixNote")} bg="surface" borderColor="border" autoComplete="off" />
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
