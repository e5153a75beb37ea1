// An error boundary with Suspense inside, for one independent panel of a screen (STYLE 11):
// a panel that fails says so in place, and the rest of the screen keeps working.
import { Box, Text } from "@chakra-ui/react";
import { Component, Suspense, type ReactNode } from "react";
import { RitualLoader } from "./RitualLoader";

/** `loading`: what the panel says while it loads; without it, it takes no room until it has loaded. */
type Props = { children: ReactNode; loading?: string; failure: string };

class Boundary extends Component<{ children: ReactNode; failure: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" py={8} textAlign="center">
        <Text color="danger">{this.props.failure}</Text>
      </Box>
    );
  }
}

export function PanelBoundary({ children, loading, failure }: Props) {
  return (
    <Boundary failure={failure}>
      <Suspense fallback={loading ? <RitualLoader label={loading} /> : null}>{children}</Suspense>
    </Boundary>
  );
}
