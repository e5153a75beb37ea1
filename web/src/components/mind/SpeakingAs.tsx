// "Speaking as" (#27 item 5): who the visitor is to the agent in the open thread (its persona,
// which they may change), or, before a thread exists, who the next one will speak as (the default
// persona unless they choose another, or no one). "Manage personas…" opens the personas dialog.
import { Menu, Portal, chakra, type ButtonProps } from "@chakra-ui/react";
import { Suspense, memo, useState, type ReactNode } from "react";
import { graphql, useFragment, useLazyLoadQuery } from "react-relay";
import type { SpeakingAsQuery } from "../../__generated__/SpeakingAsQuery.graphql";
import type { SpeakingAsThreadQuery } from "../../__generated__/SpeakingAsThreadQuery.graphql";
import type { SpeakingAs_conversation$key } from "../../__generated__/SpeakingAs_conversation.graphql";
import { useSetThreadPersonaMutation } from "../../mutations/useThreadMindMutations";
import { errorMessage } from "../../relay/errors";
import { VeilButton } from "../Buttons";
import { notify } from "../Toaster";
import { PersonasDialog } from "./PersonasDialog";

const personasQuery = graphql`
  query SpeakingAsQuery {
    personas {
      id
      name
      isDefault
    }
  }
`;

const threadQuery = graphql`
  query SpeakingAsThreadQuery($id: ID!) {
    conversation(id: $id) {
      ...SpeakingAs_conversation
    }
  }
`;

const fragment = graphql`
  fragment SpeakingAs_conversation on Conversation {
    id
    persona {
      id
      name
    }
  }
`;

/** The menu's value for "No one", and for its last item. */
const NO_ONE = "no-one";
const MANAGE = "manage";

type Persona = { id: string; name: string; isDefault: boolean };

type Props = {
  /** The open thread; null before the first message. */
  conversationId: string | null;
  /** Who a new thread will speak as: a persona's id, null for no one, undefined for the default. */
  choice: string | null | undefined;
  onChoice: (personaId: string | null) => void;
  disabled?: boolean;
};

/** Memoised: the whisper box renders at every word of an answer, and nothing here changes with them. */
export const SpeakingAs = memo(function SpeakingAs(props: Props) {
  return (
    <Suspense fallback={<ChooserButton name={null} disabled />}>
      <Chooser {...props} />
    </Suspense>
  );
});

function Chooser({ conversationId, choice, onChoice, disabled = false }: Props) {
  const { personas } = useLazyLoadQuery<SpeakingAsQuery>(personasQuery, {}, { fetchPolicy: "store-or-network" });
  const [managing, setManaging] = useState(false);
  const manage = () => setManaging(true);
  return (
    <>
      {conversationId ? (
        <ThreadChooser conversationId={conversationId} personas={personas} onManage={manage} disabled={disabled} />
      ) : (
        <PersonaMenu personas={personas} current={newThreadPersona(personas, choice)} onChoose={onChoice} onManage={manage} disabled={disabled} />
      )}
      <PersonasDialog open={managing} onOpenChange={setManaging} />
    </>
  );
}

/** A new thread's persona: the one chosen while it is still there, else the default. */
function newThreadPersona(personas: readonly Persona[], choice: string | null | undefined): string | null {
  if (choice === null) return null;
  if (choice !== undefined && personas.some((persona) => persona.id === choice)) return choice;
  return personas.find((persona) => persona.isDefault)?.id ?? null;
}

function ThreadChooser({
  conversationId,
  personas,
  onManage,
  disabled,
}: {
  conversationId: string;
  personas: readonly Persona[];
  onManage: () => void;
  disabled: boolean;
}) {
  const { conversation } = useLazyLoadQuery<SpeakingAsThreadQuery>(threadQuery, { id: conversationId }, { fetchPolicy: "store-or-network" });
  if (!conversation) return null;
  return <ThreadPersona conversation={conversation} personas={personas} onManage={onManage} disabled={disabled} />;
}

function ThreadPersona({
  conversation,
  personas,
  onManage,
  disabled,
}: {
  conversation: SpeakingAs_conversation$key;
  personas: readonly Persona[];
  onManage: () => void;
  disabled: boolean;
}) {
  const data = useFragment(fragment, conversation);
  const [choose, choosing] = useSetThreadPersonaMutation();
  const change = (personaId: string | null) =>
    choose(data.id, personaId, {
      onCompleted: () => undefined,
      onError: (error) => notify("error", "Could not change who you speak as", errorMessage(error, "Try again in a moment")),
    });
  return (
    <PersonaMenu
      personas={personas}
      current={data.persona?.id ?? null}
      currentName={data.persona?.name}
      onChoose={change}
      onManage={onManage}
      disabled={disabled || choosing}
    />
  );
}

type MenuProps = {
  personas: readonly Persona[];
  current: string | null;
  /** The current persona's name when it is not (yet) among `personas`. */
  currentName?: string | undefined;
  onChoose: (personaId: string | null) => void;
  onManage: () => void;
  disabled: boolean;
};

function PersonaMenu({ personas, current, currentName, onChoose, onManage, disabled }: MenuProps) {
  const name = personas.find((persona) => persona.id === current)?.name ?? currentName ?? null;
  return (
    <Menu.Root positioning={{ placement: "bottom-start" }} onSelect={({ value }) => value === MANAGE && onManage()}>
      <Menu.Trigger asChild>
        <ChooserButton name={name} disabled={disabled} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content zIndex="popover" bg="void.700" borderWidth="1px" borderColor="border.glow" boxShadow="glowViolet" minW="14rem" maxW="20rem">
            <Menu.RadioItemGroup
              value={current ?? NO_ONE}
              onValueChange={({ value }) => value !== (current ?? NO_ONE) && onChoose(value === NO_ONE ? null : value)}
            >
              <Menu.ItemGroupLabel textStyle="caption" color="fg.subtle">
                Speak as
              </Menu.ItemGroupLabel>
              {personas.map((persona) => (
                <Menu.RadioItem key={persona.id} value={persona.id} color="fg" _highlighted={{ bg: "whiteAlpha.100", color: "accent" }}>
                  <Menu.ItemIndicator color="glow.cyan" />
                  <Menu.ItemText truncate>{persona.name}</Menu.ItemText>
                  {persona.isDefault && (
                    <chakra.span ms="auto" textStyle="caption" color="fg.subtle">
                      default
                    </chakra.span>
                  )}
                </Menu.RadioItem>
              ))}
              <Menu.RadioItem value={NO_ONE} color="fg" _highlighted={{ bg: "whiteAlpha.100", color: "accent" }}>
                <Menu.ItemIndicator color="glow.cyan" />
                <Menu.ItemText>No one</Menu.ItemText>
              </Menu.RadioItem>
            </Menu.RadioItemGroup>
            <Menu.Separator borderColor="border" />
            <Menu.Item value={MANAGE} color="accent" _highlighted={{ bg: "whiteAlpha.100" }}>
              Manage personas…
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

type ChooserProps = Omit<ButtonProps, "name"> & { name: string | null };

/** "Speaking as Wren ▾": the menu's trigger (its props come from Menu.Trigger). */
function ChooserButton({ name, ...rest }: ChooserProps) {
  return (
    <VeilButton size="xs" {...rest} maxW="full">
      <Mark>☉</Mark>
      <chakra.span truncate>Speaking as {name ?? "no one"}</chakra.span>
      <Mark>▾</Mark>
    </VeilButton>
  );
}

function Mark({ children }: { children: ReactNode }) {
  return (
    <chakra.span aria-hidden color="glow.violet">
      {children}
    </chakra.span>
  );
}
