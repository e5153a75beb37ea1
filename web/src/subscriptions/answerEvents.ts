// What the whisper box reads of a streamed answer's events, the same for a new message
// (agentInvocation) and an answer asked for again (agentRegeneration).
export type AnswerEvent = {
  readonly delta: string;
  readonly done: boolean;
  readonly stopped: boolean;
  readonly error: string | null | undefined;
  readonly whisper: { readonly id: string } | null | undefined;
  readonly message: { readonly id: string } | null | undefined;
  readonly conversation: { readonly id: string } | null | undefined;
};

export type AnswerHandlers = {
  onEvent: (event: AnswerEvent) => void;
  onError: (error: Error) => void;
};
