// Hostile text typed into the free-text fields of the back office and of the public forms is shown
// as text everywhere it appears: no script runs, no dialog opens, no element is injected. Also: the
// PDF and CSV downloads are served with safe types (CSV formulas neutralised), and SQL-looking input
// is only ever data.
import type { Browser, Page } from "@playwright/test";
import { actionId, callAction, dataOf, nextAddress, signInOverApi } from "./authz/http";
import { addDaysToDate, todayInZone } from "../../src/lib/dates";
import { ADMIN, chooseInvoiceClient, expect, FIRM_ZONE, test, uniqueEmail } from "./fixtures";

const SCRIPT = "<script>window.__xss=1</script>";
const IMG = `<img src=x onerror="window.__xss=1">`;
const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A value as hostile as the field allows: the tag to find it, a script element and an event handler. */
const evil = (what: string) => `${what} ${tag} ${SCRIPT}${IMG}`;

type Injected = { xss: unknown; scripts: number; images: number; handlers: number; scriptLinks: number };

/** What a page must not contain once loaded: the flag set, our script elements, our image, any on* handler, a javascript: link. */
async function injected(page: Page): Promise<Injected> {
  await page.waitForLoadState("load");
  return page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    scripts: [...document.scripts].filter((script) => script.textContent?.trim() === "window.__xss=1").length,
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: [...document.querySelectorAll("*")].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith("on")),
    ).length,
    scriptLinks: document.querySelectorAll('a[href^="javascript:" i], a[href^=" javascript:" i]').length,
  }));
}

const CLEAN: Injected = { xss: undefined, scripts: 0, images: 0, handlers: 0, scriptLinks: 0 };

/** Visits `url`: it must show each value literally as text, and run none of it. */
async function expectShownAsText(page: Page, url: string, values: string[]) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  // The page's text, hidden parts (closed <details>) included, without the scripts' source.
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const element of copy.querySelectorAll("script, style, template")) element.remove();
    return copy.textContent ?? "";
  });
  for (const value of values) expect(text, `${url} shows ${value} as text`).toContain(value);
  expect(await injected(page), url).toEqual(CLEAN);
}

async function anonymousPage(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  return context.newPage();
}

test.describe("hostile text", () => {
  test("script tags and event handlers typed in every free-text field are shown as text everywhere, and nothing runs", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    // Signed in over the API (the page shares its cookies); the sign-in form has its own tests.
    await signInOverApi(page.request, ADMIN.email, ADMIN.password);

    // Settings: the firm's name is on every page, public and back office, and in every mail.
    const firmName = evil("Firm");
    await page.goto("/bo/settings");
    await expect(page.getByLabel("Firm name")).not.toHaveValue("");
    const originalFirmName = await page.getByLabel("Firm name").inputValue();
    await page.getByLabel("Firm name").fill(firmName);
    await page.getByLabel("Address line 1").fill(evil("Firm street"));
    await page.getByLabel("Invoice footer").fill(evil("Firm footer"));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();

    // A job, its Markdown description with raw HTML and a javascript: link; the preview renders it.
    const jobTitle = evil("Job");
    await page.goto("/bo/jobs/new");
    await page.getByLabel("Title").fill(jobTitle);
    await page.getByLabel("Location").fill(evil("Place"));
    await page
      .getByLabel("Description (Markdown)")
      .fill(
        `## Role ${tag}\n\n${SCRIPT}\n\n${IMG}\n\n[Apply here](javascript:window.__xss=1) and <a href="javascript:window.__xss=1">here</a>`,
      );
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("heading", { name: `Role ${tag}` })).toBeVisible();
    expect(await injected(page), "the Markdown preview").toEqual(CLEAN);
    await page.getByRole("button", { name: "Write" }).click();
    await page.getByRole("button", { name: "Create job" }).click();
    await page.waitForURL(/\/bo\/jobs\/[0-9a-f-]{36}$/);
    const jobId = page.url().split("/").pop()!;
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Job published.")).toBeVisible();
    const jobPath = (await page.getByRole("link", { name: /^\/jobs\// }).getAttribute("href"))!;

    // The public forms are filled now and sent once 3 s have passed (the anti-bot delay).
    const mail = await anonymousPage(browser, "198.51.100.201");
    await mail.goto("/mail");
    await mail.getByLabel("Name").fill(evil("Sender"));
    await mail.getByLabel("Email").fill("sender@example.com");
    await mail.getByLabel("Company").fill(evil("Company"));
    await mail.getByLabel("Subject").fill(evil("Subject"));
    await mail.getByLabel("Message").fill(evil("A message long enough to be accepted"));
    const apply = await anonymousPage(browser, "198.51.100.202");
    await apply.goto(jobPath);
    await apply.getByLabel("Full name").fill(evil("Applicant"));
    await apply.getByLabel("Email").fill("applicant@example.com");
    await apply.getByLabel("Link 1").fill("javascript:window.__xss=1");
    await apply.getByLabel("Cover letter").fill(evil("Letter"));
    await apply.getByLabel(/I agree that/).check();
    await apply.getByLabel(/^CV/).setInputFiles({
      name: `${SCRIPT}.pdf`,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n", "latin1"),
    });

    // Back office: a client with a project, a user, a call, an invoice (issued, paid, mailed), a week.
    const clientName = evil("Client");
    const projectName = evil("Project");
    await page.goto("/bo/clients");
    await page.getByRole("button", { name: "New client" }).first().click();
    const clientDialog = page.getByRole("dialog", { name: "New client" });
    await clientDialog.getByLabel("Name").fill(clientName);
    await clientDialog.getByLabel("Billing email").fill("billing@client.example");
    await clientDialog.getByLabel("Address line 1").fill(evil("Street"));
    await clientDialog.getByLabel("City").fill(evil("City"));
    await clientDialog.getByLabel("Notes", { exact: true }).fill(evil("Notes"));
    await clientDialog.getByRole("button", { name: "Create client" }).click();
    await expect(page).toHaveURL(/\/bo\/clients\/[0-9a-f-]{36}$/);
    const clientPath = new URL(page.url()).pathname;
    // The forms below are thin wrappers of their server actions (tests/e2e/authz/matrix.ts calls
    // each one): the values go in through the same actions the forms call, which is faster.
    const clientId = clientPath.split("/").pop()!;
    const call = async <T>(path: string, file: string, name: string, args: unknown[]) =>
      dataOf<T>(await callAction(page.request, path, actionId(file, name), args), name);
    // The firm's day: between midnight in Paris and midnight UTC they differ, and an invoice dated
    // the UTC day would come before one another test issued on the firm's.
    const today = todayInZone(FIRM_ZONE);
    const yesterday = addDaysToDate(today, -1);
    await call(clientPath, "src/modules/clients/client-actions.ts", "createProjectAction", [
      { clientId, name: projectName, hourlyRate: "100", billableByDefault: true },
    ]);
    const userName = evil("User");
    await call("/bo/users", "src/modules/users/user-actions.ts", "createUserAction", [
      {
        name: userName,
        email: uniqueEmail("xss.user"),
        role: "staff",
        password: "a long enough password",
        defaultHourlyRate: null,
      },
    ]);
    await call("/bo/calls", "src/modules/calls/call-actions.ts", "logCallAction", [
      {
        direction: "inbound",
        contactName: evil("Contact"),
        phone: null,
        email: null,
        clientId: null,
        projectId: null,
        billable: false,
        assignedUserId: null,
        subject: evil("Call subject"),
        notes: evil("Call notes"),
        startedAt: `${yesterday}T10:05`,
        duration: "10",
        followUpAt: null,
        followUpSubject: null,
      },
    ]);

    // The invoice form is typed in; issuing, paying and mailing go through their actions.
    await page.goto("/bo/invoices/create");
    await chooseInvoiceClient(page, clientName);
    await page.getByLabel("Description").fill(evil("Line"));
    await page.getByLabel("Unit price (EUR)").fill("300");
    await page.getByLabel("Notes", { exact: true }).fill(evil("Invoice notes"));
    await page.getByLabel("Footer", { exact: true }).fill(evil("Invoice footer"));
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft invoice");
    const invoicePath = new URL(page.url()).pathname;
    const invoiceId = invoicePath.split("/").pop()!;
    const invoices = "src/modules/invoices/invoice-actions.ts";
    await call(invoicePath, invoices, "issueInvoiceAction", [{ id: invoiceId, version: 1 }]);
    await call(invoicePath, invoices, "recordPaymentAction", [
      { invoiceId, amount: "10", date: today, method: "cash", reference: evil("Ref") },
    ]);
    const { emailId } = await call<{ emailId: string }>(
      invoicePath,
      "src/modules/mail/invoice-mail-actions.ts",
      "sendInvoiceEmailAction",
      [
        {
          invoiceId,
          to: "billing@client.example",
          cc: "",
          subject: evil("Mail subject"),
          message: evil("Mail message"),
        },
      ],
    );

    await page.goto("/bo/timesheets/create");
    await page.getByLabel("Project of row 1").selectOption({ label: projectName });
    await page.getByLabel("Description of row 1").fill(evil("Work"));
    await page.locator('input[data-row="0"][data-day="0"]').fill("2");
    await page.getByRole("button", { name: "Save and submit" }).click();
    await expect(page).toHaveURL(/\/bo\/timesheets\/[0-9a-f-]{36}$/);
    const sheetPath = new URL(page.url()).pathname;

    // The public forms go out (the javascript: link is refused, then a real one is given).
    await mail.getByRole("button", { name: "Send message" }).click();
    await expect(mail.getByText("Thank you, your message was sent.")).toBeVisible();
    await apply.getByRole("button", { name: "Send my application" }).click();
    await expect(apply.getByText(/Enter a web address, such as linkedin\.com/)).toBeVisible();
    expect(await injected(apply), "the application form after its errors").toEqual(CLEAN);
    await apply.getByLabel("Link 1").fill("https://example.com/portfolio");
    await apply.getByRole("button", { name: "Send my application" }).click();
    await expect(apply.getByText("Thank you, your application was sent.")).toBeVisible();
    await mail.context().close();
    await apply.context().close();

    // The application's notes, typed by the team.
    await page.goto(`/bo/jobs/${jobId}`);
    const card = page.getByRole("listitem").filter({ hasText: `Applicant ${tag}` });
    await card.getByLabel("Notes").fill(evil("Team notes"));
    await card.getByRole("button", { name: "Save notes" }).click();
    await expect(page.getByText("Notes saved.")).toBeVisible();

    // Everywhere the values appear.
    const text = (what: string) => evil(what);
    await expectShownAsText(page, "/jobs", [jobTitle, firmName]);
    await expectShownAsText(page, jobPath, [jobTitle, text("Place"), SCRIPT]);
    await expectShownAsText(page, "/bo", [firmName]);
    await expectShownAsText(page, `/bo/clients?q=${encodeURIComponent(tag)}`, [clientName]);
    await expectShownAsText(page, clientPath, [clientName, text("Street"), text("City"), text("Notes"), projectName]);
    await expectShownAsText(page, `/bo/invoices?q=${encodeURIComponent(tag)}`, [clientName]);
    await expectShownAsText(page, invoicePath, [
      clientName,
      text("Line"),
      text("Invoice notes"),
      text("Invoice footer"),
      text("Ref"),
    ]);
    await expectShownAsText(page, sheetPath, [projectName, text("Work")]);
    await expectShownAsText(page, "/bo/calls?view=history", [text("Contact"), text("Call subject")]);
    await expectShownAsText(page, `/bo/jobs/${jobId}`, [jobTitle, text("Applicant"), text("Letter")]);
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: `Applicant ${tag}` })
        .getByLabel("Notes"),
    ).toHaveValue(text("Team notes"));
    await expectShownAsText(page, "/bo/messages", [
      text("Sender"),
      text("Company"),
      text("Subject"),
      text("A message long enough to be accepted"),
    ]);
    await expectShownAsText(page, "/bo/users", [userName]);
    await expectShownAsText(page, "/bo/audit", [clientName]);
    await expectShownAsText(page, "/bo/outbox", [text("Mail subject")]);
    await expectShownAsText(page, `/bo/outbox/${emailId}`, [text("Mail subject"), text("Mail message")]);
    // The HTML version is shown in a sandboxed frame without scripts, and escaped inside it.
    const frame = page.locator("iframe[title^='HTML version']");
    await expect(frame).toHaveAttribute("sandbox", "");
    const srcdoc = (await frame.getAttribute("srcdoc"))!;
    expect(srcdoc).toContain("&lt;script&gt;window.__xss=1&lt;/script&gt;");
    expect(srcdoc).not.toContain(SCRIPT);
    expect(srcdoc).not.toMatch(/<img[^>]+onerror/i);

    expect(dialogs, "dialogs opened").toEqual([]);

    // Put the firm's name back for whatever runs next.
    await page.goto("/bo/settings");
    await page.getByLabel("Firm name").fill(originalFirmName);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
  });

  test("PDF and CSV are served with safe types; CSV cells that a spreadsheet would run are neutralised", async ({
    page,
  }) => {
    // Signed in over the API (the page shares its cookies); the sign-in form has its own tests.
    await signInOverApi(page.request, ADMIN.email, ADMIN.password);
    const request = page.request;
    const act = async <T>(path: string, file: string, name: string, args: unknown[]) =>
      dataOf<T>(await callAction(request, path, actionId(file, name), args), name);
    const marker = `csv${tag}`;
    const formulas = [
      `=HYPERLINK("http://evil.example/${marker}","x")`,
      `+1+cmd|' /C calc'!A0 ${marker}`,
      `-2+3 ${marker}`,
      `@SUM(1;2) ${marker}`,
    ];
    const today = todayInZone(FIRM_ZONE);
    let invoiceId = "";
    for (const name of formulas) {
      const client = await act<{ id: string }>(
        "/bo/clients",
        "src/modules/clients/client-actions.ts",
        "createClientAction",
        [{ name, currency: "EUR", paymentTermsDays: "30" }],
      );
      const invoice = await act<{ id: string }>(
        "/bo/invoices/create",
        "src/modules/invoices/invoice-actions.ts",
        "createInvoiceAction",
        [
          {
            clientId: client.id,
            currency: "EUR",
            issueDate: today,
            dueDate: today,
            notes: null,
            footer: null,
            lines: [
              {
                description: `=1+1 ${tag}`,
                quantity: "1",
                unit: "item",
                unitPrice: "10",
                discount: "",
                taxRateBp: 2000,
                timeEntryIds: [],
              },
            ],
          },
        ],
      );
      invoiceId = invoice.id;
    }

    const csv = await request.get("/bo/invoices/export?sort=client");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers()["x-content-type-options"]).toBe("nosniff");
    const lines = (await csv.text()).split("\r\n").filter((line) => line.includes(marker));
    expect(lines).toHaveLength(formulas.length);
    for (const name of formulas) {
      const line = lines.find((candidate) => candidate.includes(name.replaceAll('"', '""')))!;
      // The client cell starts with a quote: the spreadsheet shows the text, it does not compute it.
      const cell = name.includes('"') || name.includes(",") ? `"'${name.replaceAll('"', '""')}"` : `'${name}`;
      expect(line, name).toContain(`,${cell},`);
    }

    for (const download of ["", "?download=1"]) {
      const pdf = await request.get(`/bo/invoices/${invoiceId}/pdf${download}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect(pdf.headers()["content-disposition"]).toMatch(
        download ? /^attachment; filename="draft-[0-9a-f]{8}\.pdf"$/ : /^inline; filename="draft-[0-9a-f]{8}\.pdf"$/,
      );
      expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
      expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });

  test("SQL-looking input is only data: searches find nothing, a name is stored and shown literally, counts do not move", async ({
    page,
  }) => {
    // Signed in over the API (the page shares its cookies); the sign-in form has its own tests.
    await signInOverApi(page.request, ADMIN.email, ADMIN.password);
    const get = async (url: string) => {
      const response = await page.request.get(url, { headers: { "x-forwarded-for": nextAddress() } });
      expect(response.status(), url).toBe(200);
      return (await response.text()).replaceAll("<!-- -->", "");
    };
    const countClients = async () => Number(/(\d+) clients? · page/.exec(await get("/bo/clients"))?.[1] ?? Number.NaN);
    const before = await countClients();
    expect(before).toBeGreaterThan(0);
    const attacks = ["%' OR 1=1 --", "'; DROP TABLE clients; --", `" OR ""="`, "\\'; SELECT pg_sleep(5); --", "%"];
    // Through the search box once, then every list with every attack.
    await page.goto("/bo/clients");
    await page.getByLabel("Search", { exact: true }).fill(attacks[0]!);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No client matches this search")).toBeVisible();
    const started = Date.now();
    await Promise.all(
      attacks.flatMap((attack) => [
        get(`/bo/clients?q=${encodeURIComponent(attack)}`).then((html) =>
          expect(html, attack).toContain("No client matches this search"),
        ),
        ...["/bo/invoices", "/bo/calls?view=history", "/bo/timesheets?view=all", "/bo/messages"].map((list) =>
          get(`${list}${list.includes("?") ? "&" : "?"}q=${encodeURIComponent(attack)}`),
        ),
      ]),
    );
    expect(Date.now() - started, "no query slept").toBeLessThan(5_000);
    expect(await countClients()).toBe(before);

    const name = `'; DROP TABLE clients; -- ${tag}`;
    await page.getByRole("button", { name: "New client" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New client" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Notes", { exact: true }).fill("%' OR 1=1 --");
    await dialog.getByRole("button", { name: "Create client" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("%' OR 1=1 --")).toBeVisible();
    expect(await countClients()).toBe(before + 1);
    const found = await get(`/bo/clients?q=${encodeURIComponent(name)}`);
    expect(found).toMatch(/>1 client · page/);
    expect(found).toContain(name.replaceAll("'", "&#x27;"));
  });
});
