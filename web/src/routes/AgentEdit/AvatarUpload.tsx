// The agent's avatar on its edit page: the current image (or its initial), and a new one chosen
// from a file. The server re-encodes what it receives; the store takes the new address at once,
// so the profile shows the new face without asking again.
import { Box, Flex, Text, chakra } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { commitLocalUpdate, graphql, useFragment, useRelayEnvironment } from "react-relay";
import type { AvatarUpload_agent$key } from "../../__generated__/AvatarUpload_agent.graphql";
import { AgentAvatar } from "../../components/AgentAvatar";
import { RitualButton } from "../../components/Buttons";
import { notify } from "../../components/Toaster";
import { AVATAR_TYPES, uploadAvatar } from "./avatar";

export function AvatarUpload({ agent: key }: { agent: AvatarUpload_agent$key }) {
  const agent = useFragment(
    graphql`
      fragment AvatarUpload_agent on Agent {
        id
        rawId
        name
        avatar
      }
    `,
    key,
  );
  const environment = useRelayEnvironment();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = async (file: File) => {
    setPending(true);
    setRefusal(null);
    try {
      const avatar = await uploadAvatar(agent.rawId, file);
      commitLocalUpdate(environment, (store) => store.get(agent.id)?.setValue(avatar, "avatar"));
      notify("success", "Avatar Bound", `${agent.name} wears a new face.`);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : "The avatar could not be saved");
    } finally {
      setPending(false);
    }
  };

  return (
    <Flex gap={5} align="center" mb={8} wrap="wrap">
      <Box flexShrink={0}>
        <AgentAvatar name={agent.name} avatarUrl={agent.avatar} size="20" />
      </Box>
      <Box>
        <chakra.input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(",")}
          aria-label="Avatar image"
          display="none"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
        />
        <RitualButton size="sm" loading={pending} loadingText="Binding the image..." onClick={() => input.current?.click()}>
          {agent.avatar ? "Change avatar" : "Upload an avatar"}
        </RitualButton>
        <Text textStyle="caption" color="fg.subtle" mt={1.5}>
          PNG, JPEG, WebP or GIF, up to 2 MB; kept as a square
        </Text>
        {refusal && (
          <Text role="alert" fontSize="sm" color="danger" mt={2}>
            {refusal}
          </Text>
        )}
      </Box>
    </Flex>
  );
}
