// Notifications (#30 item 5): what the owner of an agent, a shared thread or a shared Council
// session is told, and the inputs that read them and set which kinds are wanted.
import { z } from "zod";

/**
 * What happened: an agent of yours was remixed, nominated, ascended, embedded on a site not seen
 * before, or reached a number of conversations (1, 10, 100...); a thread or Council session you
 * shared was opened by someone else. The database's NotificationKind equals this list.
 */
export const NOTIFICATION_KINDS = ["remixed", "nominated", "ascended", "embedded", "conversations", "thread_opened", "session_opened"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Each kind as the settings list names it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  remixed: "An agent of yours is remixed",
  nominated: "An agent of yours is nominated",
  ascended: "An agent of yours ascends to the Council",
  embedded: "An agent of yours is embedded on a new site",
  conversations: "An agent of yours reaches 1, 10, 100… conversations",
  thread_opened: "Someone opens a thread you shared",
  session_opened: "Someone opens a Council session you shared",
};

/** A page of the list by default, and at most. */
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** How many notifications one "mark read" may name (all of them: `all`). */
export const MARK_READ_MAX = 100;

export const NOTIFICATION_NOT_FOUND = "Notification not found";
export const NOTIFICATIONS_NEED_OWNER = "Sign in, or let this browser keep its visitor key, to keep notification settings";

const kind = z.enum(NOTIFICATION_KINDS, { error: "Unknown notification kind" });

/** POST /api/notifications/read: the notifications named, or all of them. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(z.string({ error: NOTIFICATION_NOT_FOUND }).max(200, NOTIFICATION_NOT_FOUND), { error: "ids must be a list" })
      .max(MARK_READ_MAX, `At most ${MARK_READ_MAX} notifications at once`)
      .optional(),
    all: z.boolean({ error: "all must be true or false" }).optional(),
  })
  .refine((input) => input.all === true || (input.ids?.length ?? 0) > 0, { message: "Name the notifications to mark read, or all", path: ["ids"] });

/** PUT /api/notifications/preferences: the kinds not wanted (every other kind is). */
export const notificationPreferencesSchema = z.object({
  muted: z.array(kind, { error: "muted must be a list of kinds" }).max(NOTIFICATION_KINDS.length * 2, "Too many kinds"),
});

/** The conversation counts an agent's owner hears of: 1, 10, 100, 1,000... */
export function isConversationMilestone(count: number): boolean {
  if (count < 1) return false;
  let n = count;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}
