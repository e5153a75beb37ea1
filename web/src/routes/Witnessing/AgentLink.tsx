// An agent named in the feed: its glyph and name, linking to its profile.
import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { DEFAULT_GLYPH } from "../../components/Glyph";

export function AgentLink({ rawId, name, glyph }: { rawId: string; name: string; glyph: string | null | undefined }) {
  return (
    <Link asChild color="accent" fontWeight="medium">
      <RouterLink to={`/agents/${encodeURIComponent(rawId)}`}>
        <span aria-hidden>{glyph?.trim() || DEFAULT_GLYPH}</span> {name}
      </RouterLink>
    </Link>
  );
}
