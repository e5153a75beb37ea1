// Who is signed in: the little the app needs everywhere (a name for the menu, a way to tell
// whether Settings may open). Screens read more through their own fragments.
import { graphql } from "react-relay";
import type { SessionViewerQuery$data } from "../__generated__/SessionViewerQuery.graphql";

export const sessionViewerQuery = graphql`
  query SessionViewerQuery {
    viewer {
      id
      name
      email
      verified
    }
  }
`;

/** The signed-in account as the session keeps it: a plain record, not the store's object. */
export type Viewer = { id: string; name: string; email: string; verified: boolean };

export function viewerOf(data: SessionViewerQuery$data | undefined): Viewer | null {
  const viewer = data?.viewer;
  return viewer ? { id: viewer.id, name: viewer.name, email: viewer.email, verified: viewer.verified } : null;
}

/** Two readings of the viewer are the same when every field is (the store hands out new objects). */
export function sameViewer(a: Viewer | null, b: Viewer | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name && a.email === b.email && a.verified === b.verified);
}
