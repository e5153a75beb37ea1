// Choosing an agent's tags (issue #30), in the forge, edit and remix forms: the curated tags first,
// each a toggle, then any tag typed (Enter or a comma adds it), normalised and checked as the
// server will (@nomina/shared/tags), with the same messages. Chosen tags that are not curated
// show as chips with a button to take each away.
import { Box, Flex, Input, Text, chakra } from "@chakra-ui/react";
import { useId, useState, type KeyboardEvent } from "react";
import { CURATED_TAGS, TAGS_MAX, TOO_MANY_TAGS, normaliseTag, tagProblem } from "@nomina/shared/tags";
import { tagChipStyle } from "./TagChips";

const ChipButton = chakra("button");

type Props = {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The form's message for the field (the schema's, after a submit). */
  error?: string | undefined;
};

export function TagPicker({ value, onChange, error }: Props) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const hint = useId();
  const curated = new Set<string>(CURATED_TAGS);
  const own = value.filter((tag) => !curated.has(tag));
  const full = value.length >= TAGS_MAX;

  const toggle = (tag: string) => {
    setProblem(null);
    if (value.includes(tag)) onChange(value.filter((kept) => kept !== tag));
    else if (full) setProblem(TOO_MANY_TAGS);
    else onChange([...value, tag]);
  };

  const add = () => {
    const tag = normaliseTag(typed);
    if (!tag) return setTyped("");
    const wrong = tagProblem(tag);
    if (wrong) return setProblem(wrong);
    if (!value.includes(tag) && full) return setProblem(TOO_MANY_TAGS);
    setProblem(null);
    setTyped("");
    if (!value.includes(tag)) onChange([...value, tag]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && typed === "" && own.length > 0) {
      onChange(value.filter((tag) => tag !== own.at(-1)));
    }
  };

  const shown = problem ?? error;
  return (
    <Box>
      <Flex role="group" aria-label="Suggested tags" wrap="wrap" gap={1.5} mb={3}>
        {CURATED_TAGS.map((tag) => {
          const chosen = value.includes(tag);
          return (
            <ChipButton
              key={tag}
              type="button"
              aria-pressed={chosen}
              onClick={() => toggle(tag)}
              {...tagChipStyle}
              cursor="pointer"
              bg={chosen ? "accent.violet" : "tagBg"}
              color={chosen ? "bg" : "accent.violet"}
              fontWeight={chosen ? "semibold" : "normal"}
            >
              <span aria-hidden>{chosen ? "✓" : "#"}</span>
              {tag}
            </ChipButton>
          );
        })}
      </Flex>
      {own.length > 0 && (
        <Flex as="ul" aria-label="Your tags" wrap="wrap" gap={1.5} mb={3} listStyleType="none">
          {own.map((tag) => (
            <Box as="li" key={tag} {...tagChipStyle} pe={0.5}>
              #{tag}
              <ChipButton
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((kept) => kept !== tag))}
                cursor="pointer"
                borderRadius="full"
                px={1.5}
                color="fg.muted"
                _hover={{ color: "fg" }}
                _focusVisible={{ outline: "2px solid", outlineColor: "accent" }}
              >
                ×
              </ChipButton>
            </Box>
          ))}
        </Flex>
      )}
      <Input
        aria-label="Add a tag"
        aria-describedby={hint}
        aria-invalid={Boolean(shown) || undefined}
        placeholder={full ? `${TAGS_MAX} tags chosen` : "Add your own tag, then Enter"}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => typed.trim() && add()}
        bg="surface"
        borderColor="border"
        autoComplete="off"
        maxLength={96}
      />
      <Text id={hint} fontSize="sm" mt={1.5} color={shown ? "danger" : "fg.subtle"} role={shown ? "alert" : undefined}>
        {shown ?? `Up to ${TAGS_MAX} tags: letters, digits and hyphens. ${value.length} chosen.`}
      </Text>
    </Box>
  );
}
