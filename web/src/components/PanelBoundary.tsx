// An error boundary with Suspense inside, for one independent panel of a screen (STYLE 11):
// a panel that fails says so in place, and the rest of the screen keeps working.
import { Box, Text } from "@chakra-ui/react";
import { Component, Suspense, type ReactNode } from "react";
import { RitualLoader } from "./RitualLoader";

/** `loading`: what the panel says while it loads; without it, it takes no room until it has loaded. */
type Props = { children: ReactNode; loading?: string; failure: string };

/** Shows `fallback` instead of children that failed to render (a query or a lazy chunk that could not load). */
export class Fallback extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function PanelBoundary({ children, loading, failure }: Props) {
  return (
    <Fallback
      fallback={
        <Box role="alert" py={8} textAlign="center">
          <Text color="danger">{failure}</Text>
        </Box>
      }
    >
      <Suspense fallback={loading ? <RitualLoader label={loading} /> : null}>{children}</Suspense>
    </Fallback>
  );
}
