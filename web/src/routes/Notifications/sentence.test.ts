import { describe, expect, it } from "vitest";
import { sentence, type NoticeText } from "./sentence";

const notice = (fields: Partial<NoticeText>): NoticeText => ({
  kind: "remixed",
  agentName: "Lantern Moth",
  subjectTitle: "Moth Copy",
  actorLabel: "anonymous",
  count: 1,
  ...fields,
});
const said = (fields: Partial<NoticeText>) => {
  const { before, link, rest } = sentence(notice(fields));
  return `${before}[${link}]${rest}`;
};

describe("a notification's sentence", () => {
  it("tells one remix by its name, and remixes coalesced while unread as how many and the latest", () => {
    expect(said({})).toBe("[Moth Copy] was remixed from Lantern Moth by anonymous");
    expect(said({ count: 40, subjectTitle: "Moth Copy 40", actorLabel: "Moth Keeper" })).toBe(
      "40 remixes of Lantern Moth, latest [“Moth Copy 40”] by Moth Keeper",
    );
    expect(said({ count: 1_200 })).toBe("1,200 remixes of Lantern Moth, latest [“Moth Copy”] by anonymous");
  });

  it("calls an actor whose name was not shown someone", () => {
    expect(said({ actorLabel: null })).toBe("[Moth Copy] was remixed from Lantern Moth by someone");
    expect(said({ kind: "nominated", count: 3, actorLabel: null })).toBe("[Lantern Moth] was nominated for the Council, 3 times, last by someone");
  });

  it("tells new sites coalesced as how many and the latest, and a site too long to name without its host", () => {
    expect(said({ kind: "embedded", subjectTitle: "blog.example" })).toBe("[Lantern Moth] was embedded on a new site: blog.example");
    expect(said({ kind: "embedded", subjectTitle: "latest.example", count: 4 })).toBe("[Lantern Moth] was embedded on 4 new sites, latest latest.example");
    expect(said({ kind: "embedded", subjectTitle: null })).toBe("[Lantern Moth] was embedded on a new site: a site too long to name");
  });

  it("keeps the other kinds as they were", () => {
    expect(said({ kind: "conversations", count: 10 })).toBe("[Lantern Moth] reached 10 conversations");
    expect(said({ kind: "conversations", count: 1 })).toBe("[Lantern Moth] reached 1 conversation");
    expect(said({ kind: "thread_opened", subjectTitle: "A thread", count: 2 })).toBe("[“A thread”] (your shared thread with Lantern Moth) was opened, 2 times");
    expect(said({ kind: "ascended" })).toBe("[Lantern Moth] ascended to the Council");
  });
});
