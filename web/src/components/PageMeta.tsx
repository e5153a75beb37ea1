// A screen's document title, description and Open Graph tags, as React 19 elements: React hoists
// them into <head> wherever they render and takes them out when the screen goes, so each route
// renders its own and none has to put back what the previous one set.
import { useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";
import { BRAND, type PageMeta as Meta } from "@nomina/shared/meta";

/** What the product says of itself (index.html's), for screens without words of their own. */
export const PRODUCT_TITLE = `${BRAND} · Where non-human minds find their name`;
export const PRODUCT_DESCRIPTION = "Forge, name, remix and consult AI agents. Where non-human minds find their name.";

/** A screen's title as the tab shows it: "The Named · Nomina". */
export function withBrand(screen: string): string {
  return `${screen} · ${BRAND}`;
}

export function PageMeta({ title, description = PRODUCT_DESCRIPTION }: Pick<Meta, "title"> & Partial<Pick<Meta, "description">>) {
  const { pathname, search, hash } = useLocation();
  const url = `${window.location.origin}${pathname}${search}${hash}`;
  useLayoutEffect(releaseWrittenMeta, []);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
    </>
  );
}

const WRITTEN = 'title, meta[name="description"], meta[property="og:title"], meta[property="og:description"], meta[property="og:url"]';
let written: Element[] = [];

/**
 * The server writes a page's title, description and Open Graph tags into the HTML for link
 * previews (crawlers run no JavaScript). A client render of React 19 does not adopt them: it adds
 * its own beside them. So they are noted before the first render, shown while the first screen
 * loads, and removed as the first screen's own arrive (in the same commit, before paint).
 */
export function noteWrittenMeta(head: HTMLHeadElement = document.head) {
  written = [...head.querySelectorAll(WRITTEN)];
}

function releaseWrittenMeta() {
  for (const tag of written) tag.remove();
  written = [];
}
