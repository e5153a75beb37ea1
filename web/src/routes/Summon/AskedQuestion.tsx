// The question the Council is answering: the textarea empties once it is sent.
import { Text } from "@chakra-ui/react";

export function AskedQuestion({ question }: { question: string }) {
  return (
    <Text as="blockquote" borderStartWidth="2px" borderColor="glow.violet" ps={4} color="fg" fontStyle="italic" wordBreak="break-word">
      <Text as="span" display="block" fontStyle="normal" textStyle="fieldLabel" color="fg.muted" mb={1}>
        THE COUNCIL WAS ASKED
      </Text>
      “{question}”
    </Text>
  );
}
