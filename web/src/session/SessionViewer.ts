// Who is signed in: the little the app needs everywhere (a name for the menu, a way to tell
// whether Settings may open). Screens read more through their own fragments.
import { graphql } from "react-relay";

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
