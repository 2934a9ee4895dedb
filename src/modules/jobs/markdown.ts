import "server-only";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// Raw HTML is off in markdown-it, and the output is sanitised again: two walls, so a mistake in one
// (a plugin, a future option) still leaves the other.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const ALLOWED = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "h2",
    "h3",
    "h4",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "del",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto"],
  // A job description is inside the page's h1; its own headings start at h2.
  transformTags: {
    h1: "h2",
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer" }),
  },
} satisfies sanitizeHtml.IOptions;

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), ALLOWED);
}

/** The job form's preview: whatever the action was sent, at most the description's 20,000 characters. */
export function renderMarkdownPreview(source: unknown): string {
  return renderMarkdown(typeof source === "string" ? source.slice(0, 20_000) : "");
}

/** Plain text of a Markdown description, for meta descriptions and JSON-LD fallbacks. */
export function markdownToPlainText(source: string, max = 160): string {
  const text = sanitizeHtml(markdown.render(source), { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
