// 'Embed this Agent' (spec 2): size, theme, glyphs and focus options, a live scaled preview,
// and the iframe snippet to copy.
import { Box, Dialog, Flex, Input, NativeSelect, SimpleGrid, Text, chakra } from "@chakra-ui/react";
import { DialogFrame } from "../../components/DialogFrame";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { EmbedDialog_agent$key } from "../../__generated__/EmbedDialog_agent.graphql";
import { RitualButton, VeilButton } from "../../components/Buttons";
import { copyText } from "../../components/clipboard";
import { FormField } from "../../components/FormField";
import { notify } from "../../components/Toaster";
import { Toggle } from "../../components/Toggle";
import { EMBED_DEFAULTS, embedHeight, embedSnippet, embedUrl, type EmbedOptions } from "./embed-url";

const PREVIEW_SCALE = 0.6;

const fragment = graphql`
  fragment EmbedDialog_agent on Agent {
    rawId
    name
  }
`;

export function EmbedDialog({ agent }: { agent: EmbedDialog_agent$key }) {
  const data = useFragment(fragment, agent);
  const [choices, setOptions] = useState<Omit<EmbedOptions, "height">>(EMBED_DEFAULTS);
  // The height as typed; the snippet takes it once it is a height (an emptied field: the default).
  const [heightText, setHeightText] = useState(String(EMBED_DEFAULTS.height));
  const options: EmbedOptions = { ...choices, height: embedHeight(heightText) };
  const set = <K extends keyof EmbedOptions>(key: K, value: EmbedOptions[K]) => setOptions((current) => ({ ...current, [key]: value }));
  const url = embedUrl(window.location.origin, data.rawId, options);
  const snippet = embedSnippet(url, data.name, options);

  const copy = async () => {
    if (await copyText(snippet)) notify("success", "Embed Code Copied", "Paste it into any page to summon this agent there.");
    else notify("error", "Copy Failed", "Unable to copy to clipboard. Please copy manually.");
  };

  return (
    <Dialog.Root
      size={{ base: "full", md: "xl" }}
      placement="center"
      scrollBehavior="inside"
      onOpenChange={(details) => {
        if (details.open) return;
        setOptions(EMBED_DEFAULTS);
        setHeightText(String(EMBED_DEFAULTS.height));
      }}
    >
      <Box textAlign="center">
        <Dialog.Trigger asChild>
          <VeilButton>Embed this Agent</VeilButton>
        </Dialog.Trigger>
      </Box>
      <DialogFrame>
        <Dialog.Header>
          <Dialog.Title fontFamily="heading" fontSize="2xl">
            Embed this Agent
          </Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
            <FormField label="Width">
              <Input value={options.width} onChange={(event) => set("width", event.target.value)} bg="surface" borderColor="border" />
            </FormField>
            <FormField label="Height (px)">
              <Input
                type="number"
                min={120}
                max={2000}
                value={heightText}
                onChange={(event) => setHeightText(event.target.value)}
                bg="surface"
                borderColor="border"
              />
            </FormField>
            <FormField label="Theme">
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={options.theme}
                  onChange={(event) => set("theme", event.target.value === "light" ? "light" : "dark")}
                  bg="surface"
                  borderColor="border"
                >
                  <option value="dark">Dark</option>
                  <option value="light">Light</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Flex direction="column" gap={3} justify="flex-end">
              <Toggle label="Show glyphs" checked={options.glyphs} onChange={(checked) => set("glyphs", checked)} />
              <Toggle label="Auto-focus" checked={options.autoFocus} onChange={(checked) => set("autoFocus", checked)} />
            </Flex>
          </SimpleGrid>
          <Text textStyle="fieldLabel" color="accent.violet" mt={6} mb={2}>
            LIVE PREVIEW
          </Text>
          <Box borderWidth="1px" borderColor="border" borderRadius="lg" overflow="hidden" h={`${Math.min(options.height, 2000) * PREVIEW_SCALE}px`} bg="bg">
            <chakra.iframe
              key={url}
              src={url}
              title={`Preview of ${data.name}'s embed`}
              width={`${100 / PREVIEW_SCALE}%`}
              height={`${options.height}px`}
              border={0}
              transform={`scale(${PREVIEW_SCALE})`}
              transformOrigin="0 0"
            />
          </Box>
          <Text textStyle="fieldLabel" color="accent.violet" mt={6} mb={2}>
            IFRAME SNIPPET
          </Text>
          <chakra.pre
            data-testid="embed-snippet"
            textStyle="caption"
            bg="bg.well"
            color="glow.green"
            p={3}
            borderRadius="md"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
          >
            {snippet}
          </chakra.pre>
          {/* In the body's flow, under the snippet: a footer pinned to a phone's screen lay over it. */}
          <Flex justify="flex-end" mt={4} mb={2}>
            <RitualButton onClick={copy}>Copy embed code</RitualButton>
          </Flex>
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}
