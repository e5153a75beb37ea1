// Renders nothing: follows the running invocation for as long as it is mounted.
import type { StreamEvent } from "./useCouncilStream";
import { useCouncilStream } from "./useCouncilStream";

type Props = { invocationId: string; onEvent: (event: StreamEvent) => void; onError: (error: Error) => void; onEnd: () => void };

export function CouncilStream({ invocationId, ...handlers }: Props) {
  useCouncilStream(invocationId, handlers);
  return null;
}
