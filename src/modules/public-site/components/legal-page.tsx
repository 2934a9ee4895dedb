import { MARKDOWN_CLASSES } from "@/modules/jobs/components/markdown-classes";
import { renderMarkdown } from "@/modules/jobs/markdown";

/** A public text page (/legal, /privacy): its title, then the firm's Markdown, sanitised like a job description. */
export function LegalPage({ title, markdown, updatedAt }: { title: string; markdown: string; updatedAt?: string }) {
  return (
    <main className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight break-words sm:text-4xl">{title}</h1>
      {updatedAt ? <p className="mt-2 text-sm text-muted-foreground">{updatedAt}</p> : null}
      <div
        className={`mt-8 break-words ${MARKDOWN_CLASSES}`}
        dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown) }}
      />
    </main>
  );
}
