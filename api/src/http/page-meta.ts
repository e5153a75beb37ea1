// Link previews without JavaScript: the app's index.html with a page's own title, description
// and Open Graph tags written in, every piece of user text escaped.
import escapeHtml from "escape-html";
import type { PageMeta } from "@nomina/shared/meta";

export type PageTags = PageMeta & { url: string; type?: "website" | "article" | "profile" };

/** The tags the shell carries for the product as a whole, replaced for a page of its own. */
const REPLACED = /\s*<meta\s+(?:name|property)="(?:description|og:title|og:description|og:url|og:type|twitter:card|twitter:title|twitter:description)"[^>]*>/gi;
const TITLE = /<title>[\s\S]*?<\/title>/i;

export function withPageMeta(html: string, page: PageTags): string {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="${page.type ?? "website"}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join("\n    ");
  const stripped = html.replace(REPLACED, "");
  // A replacer function, so that `$` in user text is never read as a replacement pattern.
  return TITLE.test(stripped) ? stripped.replace(TITLE, () => tags) : stripped.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}
