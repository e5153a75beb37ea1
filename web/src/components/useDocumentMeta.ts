// Sets the document's title, description and Open Graph tags while a screen is shown, and puts
// the previous ones back when it goes.
import { useEffect } from "react";
import type { PageMeta } from "../meta";

const TAGS: [selector: string, attribute: "name" | "property", key: string, pick: (meta: PageMeta, url: string) => string][] = [
  ['meta[name="description"]', "name", "description", (meta) => meta.description],
  ['meta[property="og:title"]', "property", "og:title", (meta) => meta.title],
  ['meta[property="og:description"]', "property", "og:description", (meta) => meta.description],
  ['meta[property="og:url"]', "property", "og:url", (_meta, url) => url],
];

export function useDocumentMeta(meta: PageMeta | null) {
  const title = meta?.title;
  const description = meta?.description;
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const previousTitle = document.title;
    const restore: (() => void)[] = [];
    document.title = title;
    for (const [selector, attribute, key, pick] of TAGS) {
      let tag = document.head.querySelector<HTMLMetaElement>(selector);
      const created = !tag;
      if (!tag) {
        tag = document.createElement("meta");
        tag.setAttribute(attribute, key);
        document.head.append(tag);
      }
      const previous = tag.content;
      tag.content = pick({ title, description }, window.location.href);
      const element = tag;
      restore.push(() => (created ? element.remove() : (element.content = previous)));
    }
    return () => {
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [title, description]);
}
