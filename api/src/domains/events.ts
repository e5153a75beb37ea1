// The product's live events: what each topic carries. Domains publish after their writes
// commit; GraphQL subscriptions listen. (A running Council invocation reaches other processes
// through its stream instead: council/invocation-stream.ts.)
import type { Agent, CouncilMember, CouncilWhisper, Notification, RitualLog, Whisper } from "../../generated/prisma/client.ts";
import { createBus, type Bus, type BusOptions, type Wire } from "../events/bus.ts";

export { toWire, type Wire } from "../events/bus.ts";

export type Topics = {
  ritualLogAdded: Wire<RitualLog>;
  councilWhisperAdded: Wire<CouncilWhisper>;
  councilMemberAscended: Wire<CouncilMember>;
  /** A forged agent (Witnessing). */
  agentForged: Wire<Agent>;
  /** A new remix; its parent is reached through parentAgentId (Witnessing). */
  agentRemixed: Wire<Agent>;
  /** Someone asked to stop a Council invocation: the process running it stops it. */
  councilStopRequested: { invocationId: string };
  /** Someone asked to stop an answer being spoken: the process speaking it stops it. */
  messageStopRequested: { messageId: string };
  /** An agent answered a visitor: subscribers see that it spoke, never what was said. */
  agentWhispered: Wire<Whisper>;
  /** A notification written (or bumped), or the unread count after a read: published under its recipient's key. */
  notificationAdded: NotificationEvent;
};

/** What a recipient's subscriber hears: a new (or bumped) notification with the unread count, or the count alone after a read. */
export type NotificationEvent = { notification: Wire<Notification> | null; unreadCount: number };

export type Topic = keyof Topics;

export type EventBus = Bus<Topics>;

export const createEventBus = (options: BusOptions): EventBus => createBus<Topics>(options);
