// Where the menu points a person about their account: 'Sign in' for a visitor, their name
// (to Settings) once signed in, nothing while the session is being checked.
import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@nomina/shared/paths";
import { useSession } from "../session";

export function SessionLink({ onNavigate }: { onNavigate?: () => void }) {
  const { status, viewer } = useSession();
  if (status === "checking") return null;
  const signedIn = status === "signed-in" && viewer;
  return (
    <Link asChild color="accent" textStyle="terminalBody" _hover={{ textShadow: "0 0 8px currentColor" }}>
      <RouterLink to={signedIn ? paths.settings : paths.auth} onClick={onNavigate}>
        {signedIn ? `◉ ${viewer.name}` : "Sign in"}
      </RouterLink>
    </Link>
  );
}
