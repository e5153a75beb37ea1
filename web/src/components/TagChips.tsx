// An agent's tags as small glowing chips, each a link to The Named filtered by it (issue #30).
import { Box, Link, chakra } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@nomina/shared/paths";

/** The Named, listing the agents that carry `tag`. */
export const taggedPath = (tag: string) => `${paths.theNamed}?${new URLSearchParams({ tag }).toString()}`;

/** The chip's look, shared by the links here and the tag picker's buttons. */
export const tagChipStyle = {
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  px: 2,
  py: "1px",
  borderRadius: "full",
  borderWidth: "1px",
  borderColor: "tagBorder",
  bg: "tagBg",
  color: "accent.violet",
  fontSize: "xs",
  lineHeight: "1.4rem",
  letterSpacing: "0.02em",
  whiteSpace: "nowrap",
  transition: "box-shadow 0.2s, border-color 0.2s",
  _hover: { borderColor: "accent.violet", boxShadow: "glowViolet", textDecoration: "none" },
  _focusVisible: { outline: "2px solid", outlineColor: "accent", outlineOffset: "2px" },
} as const;

const List = chakra("ul");

/** `label` names the list for a screen reader (several agents' tags share a page). */
export function TagChips({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <List display="flex" flexWrap="wrap" gap={1.5} listStyleType="none" aria-label={label}>
      {tags.map((tag) => (
        <Box as="li" key={tag}>
          <Link asChild {...tagChipStyle}>
            <RouterLink to={taggedPath(tag)} aria-label={`Agents tagged ${tag}`}>
              <span aria-hidden>#</span>
              {tag}
            </RouterLink>
          </Link>
        </Box>
      ))}
    </List>
  );
}
