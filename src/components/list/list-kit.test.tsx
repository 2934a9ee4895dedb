import { NextIntlClientProvider } from "next-intl";
import type * as React from "react";
import { renderToStaticMarkup as renderBare } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { catalogOf } from "@/i18n/catalogs";
import { PagedList } from "./paged-list";
import { pageCount, Pager } from "./pager";
import { nextSortDirection } from "./sort-header";

const noun = { one: "invoice", other: "invoices" };
const href = (page: number) => `/bo/things?page=${page}`;

/** Rendered as a page is: inside the messages of its language. */
function renderToStaticMarkup(element: React.ReactElement, language = "en"): string {
  return renderBare(
    <NextIntlClientProvider locale={language} messages={catalogOf(language)} timeZone="UTC">
      {element}
    </NextIntlClientProvider>,
  );
}
const summary = (page: number, total: number, locale: string, language = "en") =>
  /<p[^>]*>([^<]*)<\/p>/.exec(
    renderToStaticMarkup(
      <Pager page={page} pageSize={50} total={total} noun={noun} locale={locale} href={href} />,
      language,
    ),
  )?.[1];

describe("the pager", () => {
  it("counts pages, one at least", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it("says how many rows the list holds and which page this is, in the firm's digits", () => {
    expect(summary(1, 1, "en-GB")).toBe("1 invoice · page 1 of 1");
    expect(summary(2, 1234, "en-GB")).toBe("1,234 invoices · page 2 of 25");
    expect(summary(2, 1234, "fr-FR")).toBe("1\u202f234 invoices · page 2 of 25");
  });

  it("speaks the page's language, with its plural rules", () => {
    const french = { one: "facture", other: "factures" };
    const html = renderToStaticMarkup(
      <Pager page={1} pageSize={50} total={0} noun={french} locale="fr-FR" href={href} />,
      "fr",
    );
    expect(html).toContain("0 facture · page 1 sur 1");
    expect(summary(2, 1234, "de-DE", "de")).toBe("1.234 invoices · Seite 2 von 25");
  });

  it("links the pages either side, and only those that exist", () => {
    const first = renderToStaticMarkup(
      <Pager page={1} pageSize={50} total={120} noun={noun} locale="en-GB" href={href} />,
    );
    expect(first).toContain('href="/bo/things?page=2"');
    expect(first).not.toContain("page=0");
    expect(first).toMatch(/<button[^>]*disabled[^>]*>Previous<\/button>/);
    const last = renderToStaticMarkup(
      <Pager page={3} pageSize={50} total={120} noun={noun} locale="en-GB" href={href} />,
    );
    expect(last).toContain('href="/bo/things?page=2"');
    expect(last).toMatch(/<button[^>]*disabled[^>]*>Next<\/button>/);
    const single = renderToStaticMarkup(
      <Pager page={1} pageSize={50} total={3} noun={noun} locale="en-GB" href={href} />,
    );
    expect(single).not.toContain("Previous");
    expect(single).not.toContain("Next");
  });
});

describe("a paged list", () => {
  const render = (page: number, total: number, shown: number) =>
    renderToStaticMarkup(
      <PagedList
        list={{ page, pageSize: 50, total, rows: Array.from({ length: shown }) }}
        noun={noun}
        locale="en-GB"
        href={href}
        empty={<p>Nothing yet</p>}
        summary={<p>Totals</p>}
      >
        <table />
      </PagedList>,
    );

  it("shows its empty state when it holds nothing", () => {
    expect(render(1, 0, 0)).toBe("<p>Nothing yet</p>");
  });

  it("says where the rows are on a page past the last one, and links to the last page", () => {
    const html = render(7, 120, 0);
    expect(html).toContain("Page 7 is past the last page");
    expect(html).toContain("This list holds 120 invoices, on 3 pages.");
    expect(html).toContain('href="/bo/things?page=3"');
    expect(html).toContain("Totals");
    expect(html).not.toContain("<table");
  });

  it("shows the rows, the summary and the pager otherwise", () => {
    const html = render(2, 120, 50);
    expect(html).toContain("<p>Totals</p><table></table>");
    expect(html).toContain("120 invoices · page 2 of 3");
  });
});

describe("a sort header", () => {
  const sort = { column: "issueDate" as string, direction: "desc" as const };
  it("reverses the sorted column and starts another in its own direction", () => {
    expect(nextSortDirection(sort, "issueDate")).toBe("asc");
    expect(nextSortDirection({ ...sort, direction: "asc" }, "issueDate", "desc")).toBe("desc");
    expect(nextSortDirection(sort, "total", "desc")).toBe("desc");
    expect(nextSortDirection(sort, "number")).toBe("asc");
  });
});
