// The owner's edit of an agent: name, glyph, description, personality, persona, capabilities,
// sample outputs, greetings, tags and model seat, checked by the server's own rule before it is sent. Each save
// is the agent's next version; the profile then shows it.
import { Box, Flex, Heading, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea, chakra } from "@chakra-ui/react";
import { ALTERNATE_GREETINGS_MAX, type UpdateAgentInput } from "@nomina/shared/agents";
import { OUTPUT_TYPES } from "@nomina/shared/enums";
import { paths, pathTo } from "@nomina/shared/paths";
import type { ReactNode } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import { graphql, useFragment } from "react-relay";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { AgentEditForm_agent$key } from "../../__generated__/AgentEditForm_agent.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { FormField } from "../../components/FormField";
import { GlyphInput } from "../../components/GlyphInput";
import { ModelSelect } from "../../components/ModelSelect";
import { TagPicker } from "../../components/TagPicker";
import { notify } from "../../components/Toaster";
import { useUpdateAgentMutation } from "../../mutations/useUpdateAgentMutation";
import { errorMessage } from "../../relay/errors";
import { panelRecipe } from "../../theme/recipes";
import { editResolver, errorAt, type EditValues } from "./form";

const Panel = chakra("form", panelRecipe);

/** Spec: at most five sample outputs. */
const OUTPUTS_MAX = 5;

const fragment = graphql`
  fragment AgentEditForm_agent on Agent {
    id
    rawId
    name
    glyph
    description
    personality
    apiModel
    version
    persona {
      traits
      tone
      behavior
    }
    capabilities {
      skills
      tools
      limitations
    }
    outputs {
      type
      content
      quality
    }
    greeting
    alternateGreetings
    tags
  }
`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="fieldset" gap={4} borderTopWidth="1px" borderColor="border" pt={5}>
      <Heading as="legend" size="md" fontFamily="heading" color="accent" float="left" w="full" mb={1}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function AgentEditForm({ agent }: { agent: AgentEditForm_agent$key }) {
  const data = useFragment(fragment, agent);
  const navigate = useNavigate();
  const [update, saving] = useUpdateAgentMutation();
  const profile = pathTo(paths.agentProfile, { agentId: data.rawId });
  const { register, control, handleSubmit, formState } = useForm<EditValues, unknown, UpdateAgentInput>({
    resolver: editResolver,
    defaultValues: {
      name: data.name,
      glyph: data.glyph,
      description: data.description ?? "",
      personality: data.personality,
      apiModel: data.apiModel,
      traits: data.persona?.traits.join(", ") ?? "",
      tone: data.persona?.tone ?? "",
      behavior: data.persona?.behavior ?? "",
      skills: data.capabilities?.skills.join(", ") ?? "",
      tools: data.capabilities?.tools.join(", ") ?? "",
      limitations: data.capabilities?.limitations ?? "",
      outputs: data.outputs.map((output) => ({ type: output.type, content: output.content, quality: output.quality ? String(output.quality) : "" })),
      greeting: data.greeting ?? "",
      alternateGreetings: data.alternateGreetings.map((text) => ({ text })),
      tags: [...data.tags],
    },
    reValidateMode: "onSubmit",
  });
  const outputs = useFieldArray({ control, name: "outputs" });
  const alternates = useFieldArray({ control, name: "alternateGreetings" });
  const { errors } = formState;
  const error = (...path: (string | number)[]) => errorAt(errors, path);

  const submit = handleSubmit((input) =>
    update(
      { ...input, agentId: data.id },
      {
        onCompleted: (saved) => {
          notify("success", "Agent Updated", `${saved.name} is now at version ${saved.version}.`);
          void navigate(profile);
        },
        onError: (failure) => notify("error", "Update Failed", errorMessage(failure, "The edit could not be saved")),
      },
    ),
  );

  return (
    <Panel onSubmit={submit} noValidate p={{ base: 5, md: 8 }} aria-label={`Edit ${data.name}`}>
      <Stack gap={6}>
        <Text textStyle="caption" color="fg.subtle">
          Now at version {data.version}. Saving makes version {data.version + 1}.
        </Text>
        <Flex gap={5} direction={{ base: "column", sm: "row" }}>
          <Box flex="1">
            <FormField label="Name" error={error("name")} required>
              <Input {...register("name")} bg="surface" borderColor="border" autoComplete="off" />
            </FormField>
          </Box>
          <Box flexShrink={0} w={{ base: "full", sm: "8.5rem" }}>
            <FormField label="Glyph" error={error("glyph")} helper="Up to 3 characters" required>
              <Controller
                name="glyph"
                control={control}
                render={({ field }) => <GlyphInput value={field.value} onValueChange={field.onChange} bg="surface" borderColor="border" />}
              />
            </FormField>
          </Box>
        </Flex>
        <FormField label="Description" error={error("description")} helper="What it is, in a line or two">
          <Textarea {...register("description")} rows={3} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Personality" error={error("personality")} helper="At least 10 characters" required>
          <Textarea {...register("personality")} rows={4} bg="surface" borderColor="border" />
        </FormField>
        <FormField label="Model seat" error={error("apiModel")} required>
          <Controller name="apiModel" control={control} render={({ field }) => <ModelSelect value={field.value} onChange={field.onChange} />} />
        </FormField>
        <FormField label="Tags">
          <Controller name="tags" control={control} render={({ field }) => <TagPicker value={field.value} onChange={field.onChange} error={error("tags")} />} />
        </FormField>

        <Section title="Persona">
          <FormField label="Core traits" error={error("persona", "traits")} helper="Separated by commas, at most 12">
            <Input {...register("traits")} bg="surface" borderColor="border" autoComplete="off" />
          </FormField>
          <FormField label="Communication tone" error={error("persona", "tone")}>
            <Input {...register("tone")} bg="surface" borderColor="border" autoComplete="off" />
          </FormField>
          <FormField label="Behavioural pattern" error={error("persona", "behavior")}>
            <Textarea {...register("behavior")} rows={3} bg="surface" borderColor="border" />
          </FormField>
        </Section>

        <Section title="Capabilities">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
            <FormField label="Skills" error={error("capabilities", "skills")} helper="Separated by commas">
              <Input {...register("skills")} bg="surface" borderColor="border" autoComplete="off" />
            </FormField>
            <FormField label="Tools" error={error("capabilities", "tools")} helper="Separated by commas">
              <Input {...register("tools")} bg="surface" borderColor="border" autoComplete="off" />
            </FormField>
          </SimpleGrid>
          <FormField label="Limitations" error={error("capabilities", "limitations")}>
            <Textarea {...register("limitations")} rows={2} bg="surface" borderColor="border" />
          </FormField>
        </Section>

        <Section title="Sample outputs">
          {error("outputs") && outputs.fields.length > OUTPUTS_MAX && (
            <Text role="alert" color="danger" fontSize="sm">
              {error("outputs")}
            </Text>
          )}
          {outputs.fields.length === 0 && (
            <Text color="fg.subtle" fontSize="sm">
              No sample outputs yet.
            </Text>
          )}
          {outputs.fields.map((field, index) => (
            <Stack key={field.id} gap={3} role="group" aria-label={`Sample output ${index + 1}`} borderWidth="1px" borderColor="border" borderRadius="lg" p={4}>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                <FormField label={`Type of sample ${index + 1}`}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register(`outputs.${index}.type`)} bg="surface" borderColor="border">
                      {OUTPUT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <FormField label={`Quality of sample ${index + 1}`} error={error("outputs", index, "quality")}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...register(`outputs.${index}.quality`)} bg="surface" borderColor="border">
                      <option value="">Unrated</option>
                      {[1, 2, 3, 4, 5].map((quality) => (
                        <option key={quality} value={String(quality)}>
                          {quality} of 5
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
              <FormField label={`Content of sample ${index + 1}`} error={error("outputs", index, "content")}>
                <Textarea {...register(`outputs.${index}.content`)} rows={4} bg="surface" borderColor="border" />
              </FormField>
              <Box>
                <VeilButton size="xs" onClick={() => outputs.remove(index)}>
                  Remove sample {index + 1}
                </VeilButton>
              </Box>
            </Stack>
          ))}
          {outputs.fields.length < OUTPUTS_MAX && (
            <Box>
              <VeilButton size="sm" onClick={() => outputs.append({ type: "text", content: "", quality: "" })}>
                Add a sample output
              </VeilButton>
            </Box>
          )}
        </Section>

        <Section title="Greetings">
          <FormField label="Greeting" error={error("greeting")} helper="How it opens a new thread, in its own voice; empty for none">
            <Textarea {...register("greeting")} rows={3} bg="surface" borderColor="border" />
          </FormField>
          {alternates.fields.map((field, index) => (
            <Stack key={field.id} gap={2}>
              <FormField label={`Alternate greeting ${index + 1}`} error={error("alternateGreetings", index)}>
                <Textarea {...register(`alternateGreetings.${index}.text`)} rows={2} bg="surface" borderColor="border" />
              </FormField>
              <Box>
                <VeilButton size="xs" onClick={() => alternates.remove(index)}>
                  Remove alternate greeting {index + 1}
                </VeilButton>
              </Box>
            </Stack>
          ))}
          {alternates.fields.length < ALTERNATE_GREETINGS_MAX && (
            <Box>
              <VeilButton size="sm" onClick={() => alternates.append({ text: "" })}>
                Add an alternate greeting
              </VeilButton>
            </Box>
          )}
        </Section>

        <Flex gap={3} justify="flex-end" wrap="wrap">
          <VeilButton asChild>
            <RouterLink to={profile}>Cancel</RouterLink>
          </VeilButton>
          <RitualButton type="submit" loading={saving} loadingText="Saving...">
            SAVE VERSION {data.version + 1}
          </RitualButton>
        </Flex>
      </Stack>
    </Panel>
  );
}
