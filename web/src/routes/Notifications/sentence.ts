// What a notification says, in a sentence: the words before its link, the link, and what follows.
// Repeats while unread are one notice (#42 item 6), so it tells how many and the latest: "40
// remixes of Lantern Moth, latest “Moth Copy” by anonymous". Its only words not the owner's are
// names (a remix's, a site's host, the actor's when it passes the agent-name rules); a missing
// actor is "someone".

export type NoticeText = {
  kind: string;
  agentName: string | null | undefined;
  subjectTitle: string | null | undefined;
  actorLabel: string | null | undefined;
  count: number;
};

export type Sentence = { before: string; link: string; rest: string };

const times = (count: number) => (count > 1 ? `, ${count.toLocaleString("en")} times` : "");
const quoted = (text: string | null | undefined) => `“${text ?? "Untitled"}”`;
const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

export function sentence(notice: NoticeText): Sentence {
  const agent = notice.agentName ?? "Your agent";
  const by = ` by ${notice.actorLabel ?? "someone"}`;
  const many = notice.count > 1;
  switch (notice.kind) {
    case "remixed":
      return many
        ? { before: `${plural(notice.count, "remix", "remixes")} of ${agent}, latest `, link: quoted(notice.subjectTitle), rest: by }
        : { before: "", link: notice.subjectTitle ?? "A remix", rest: ` was remixed from ${agent}${by}` };
    case "nominated":
      return { before: "", link: agent, rest: ` was nominated for the Council${times(notice.count)}${many ? `, last${by}` : by}` };
    case "ascended":
      return { before: "", link: agent, rest: " ascended to the Council" };
    case "embedded": {
      const site = notice.subjectTitle ?? "a site too long to name";
      return many
        ? { before: "", link: agent, rest: ` was embedded on ${plural(notice.count, "new site", "new sites")}, latest ${site}` }
        : { before: "", link: agent, rest: ` was embedded on a new site: ${site}` };
    }
    case "conversations":
      return { before: "", link: agent, rest: ` reached ${plural(notice.count, "conversation", "conversations")}` };
    case "thread_opened":
      return { before: "", link: quoted(notice.subjectTitle), rest: ` (your shared thread with ${agent}) was opened${times(notice.count)}` };
    case "session_opened":
      return { before: "", link: quoted(notice.subjectTitle), rest: ` (your shared Council session) was opened${times(notice.count)}` };
    default:
      return { before: "", link: agent, rest: "" };
  }
}
