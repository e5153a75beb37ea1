// "2 of 3" with arrows, for a message that has siblings: an answer asked for again, or the asker's
// message edited (#27). The thread says what an arrow does (SiblingNavigation): its owner's choice
// is kept (selectReply); a reader only walks the branch (the thread refetched `through` it).
import { Flex, Text } from "@chakra-ui/react";
import { createContext, useContext } from "react";
import { VeilButton } from "./Buttons";

export type Siblings = { index: number; count: number; previousId: string | null; nextId: string | null };

export type SiblingNavigation = { go: (messageId: string) => void; going: boolean };

export const SiblingNavigationContext = createContext<SiblingNavigation | null>(null);

export function SiblingArrows({ siblings, noun, disabled = false }: { siblings: Siblings; noun: "answer" | "version"; disabled?: boolean }) {
  const navigation = useContext(SiblingNavigationContext);
  if (siblings.count <= 1) return null;
  const go = (id: string | null) => id && navigation?.go(id);
  return (
    <Flex align="center" gap={1} textStyle="caption" color="fg.muted">
      {navigation && (
        <VeilButton
          size="xs"
          px={2}
          aria-label={`Previous ${noun}`}
          onClick={() => go(siblings.previousId)}
          disabled={disabled || navigation.going || !siblings.previousId}
        >
          ‹
        </VeilButton>
      )}
      <Text data-testid={noun === "answer" ? "answer-position" : "version-position"} px={1}>
        {siblings.index} of {siblings.count}
      </Text>
      {navigation && (
        <VeilButton
          size="xs"
          px={2}
          aria-label={`Next ${noun}`}
          onClick={() => go(siblings.nextId)}
          disabled={disabled || navigation.going || !siblings.nextId}
        >
          ›
        </VeilButton>
      )}
    </Flex>
  );
}
