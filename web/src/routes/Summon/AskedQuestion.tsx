// The question the Council is answering, numbered within its session: the textarea empties once
// it is sent. Its id names the question's section.
import { Text } from "@chakra-ui/react";

export function AskedQuestion({ question, number, id }: { question: string; number: number; id?: string }) {
  return (
    <Text id={id} as="blockquote" borderStartWidth="2px" borderColor="glow.violet" ps={4} color="fg" fontStyle="italic" wordBreak="break-word" minW={0}>
      <Text as="span" display="block" fontStyle="normal" textStyle="fieldLabel" color="fg.muted" mb={1}>
        QUESTION {number} · THE COUNCIL WAS ASKED
      </Text>
      “{question}”
    </Text>
  );
}
