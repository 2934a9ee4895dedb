import type { Page } from "@playwright/test";
import { retentionDays } from "../../src/modules/public-site/retention-rules";
import { ADMIN, expect, expectNoSeriousAxeViolations, makePdf, signIn, test, waitForHydration } from "./fixtures";

function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** An MS-DOS/PE executable header: what a renamed .exe starts with. */
function makeExe(): Buffer {
  const buffer = Buffer.alloc(4096);
  buffer.write("MZ", 0, "latin1");
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write("PE\0\0", 0x80, "latin1");
  return buffer;
}

/** The admin creates a job through /bo/jobs/new; publishes it unless asked for a draft. Returns its id and slug. */
async function createJob(page: Page, title: string, { publish = true, closesOn = "" } = {}) {
  await page.goto("/bo/jobs/new");
  await page.getByLabel("Title").fill(title);
  if (closesOn) await page.getByLabel("Closes on").fill(closesOn);
  await page.getByLabel("Location").fill("Paris");
  await page.getByLabel("Workplace").selectOption("hybrid");
  await page.getByLabel("Minimum").fill("45000");
  await page.getByLabel("Maximum").fill("55000");
  await page
    .getByLabel("Description (Markdown)")
    .fill("## The role\n\nYou **help** our clients.\n\n<script>alert(1)</script>");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "The role", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Write" }).click();
  await page.getByRole("button", { name: "Create job" }).click();
  await page.waitForURL(/\/bo\/jobs\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  if (publish) {
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Job published.")).toBeVisible();
  }
  const link = page.getByRole("link", { name: /^\/jobs\// });
  // A job past its closing date is not on the public site: it has no public link to read.
  const href = publish && !closesOn ? await link.getAttribute("href") : null;
  return { id, slug: href ? href.replace("/jobs/", "") : null };
}

async function fillApplication(page: Page, name: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill("candidate@example.com");
  await page.getByLabel("Phone").fill("06 12 34 56 78");
  await page.getByLabel("Link 1").fill("https://github.com/candidate");
  await page.getByLabel("Cover letter").fill("I would love to work with you.");
  await page.getByLabel(/I agree that/).check();
}

/** The server refuses forms sent less than 3 s after the page loaded: a person takes longer. */
async function waitAsAPerson(page: Page) {
  await page.waitForTimeout(3_200);
}

async function fillMessage(page: Page, subject: string, { callback = false } = {}) {
  await page.getByLabel("Name").fill("Jane Prospect");
  await page.getByLabel("Email").fill("jane@example.com");
  await page.getByLabel("Company").fill("Acme");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("We would like to talk about a project with your team next month.");
  if (callback) {
    await page.getByLabel(/Call me back/).check();
    await page.getByLabel("Phone").fill("01 23 45 67 89");
  }
}

test.describe("public site", () => {
  test("apply to a job with a real PDF; the application and its CV are in /bo/jobs/{id}", async ({ page, request }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const title = unique("Consultant");
    const { id, slug } = await createJob(page, title);

    await page.goto("/jobs");
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    // Markdown rendered, raw HTML not executed nor kept as a tag.
    await expect(page.getByRole("heading", { name: "The role" })).toBeVisible();
    expect(await page.locator("main script:not([type='application/ld+json'])").count()).toBe(0);
    const jsonLd = JSON.parse((await page.locator("script[type='application/ld+json']").textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "JobPosting",
      title,
      employmentType: "FULL_TIME",
      baseSalary: { value: { minValue: 45000, maxValue: 55000 } },
    });
    await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", new RegExp(title));

    const name = unique("Ada Candidate");
    await fillApplication(page, name);
    await page.getByLabel(/^CV/).setInputFiles({ name: "Mon CV.pdf", mimeType: "application/pdf", buffer: makePdf() });
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText("Thank you, your application was sent.")).toBeVisible();

    await page.goto(`/bo/jobs/${id}`);
    const card = page.getByRole("listitem").filter({ hasText: name });
    await expect(card).toContainText("candidate@example.com");
    await expect(card).toContainText("+33612345678");
    await expect(card).toContainText("Mon CV.pdf");
    await expectNoSeriousAxeViolations(page);
    const href = await card.getByRole("link", { name: /Download CV/ }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(download.headers()["content-disposition"]).toMatch(
      /^attachment; filename="CV Ada Candidate [a-z0-9]+\.pdf"/,
    );
    expect(download.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // Without a session the CV is not served.
    const anonymous = await request.get(href!, { maxRedirects: 0, headers: { cookie: "" } });
    expect(anonymous.status()).not.toBe(200);

    // The pipeline: any status to any other.
    await card.getByLabel("Status").selectOption("interview");
    await expect(page.getByText(`${name}: Interview.`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: name }).getByLabel("Status")).toHaveValue("interview");
    expect(slug).toBeTruthy();
  });

  test("the honeypot looks like success and stores nothing", async ({ page }) => {
    const subject = unique("Bot subject");
    await page.goto("/mail");
    await fillMessage(page, subject);
    await page.locator("input[name=website]").fill("http://spam.example", { force: true });
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();

    // A real message from the same address, to show the inbox does list what is stored.
    const realSubject = unique("Human subject");
    await page.goto("/mail");
    await fillMessage(page, realSubject);
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/messages");
    await expect(page.getByRole("article").filter({ hasText: realSubject })).toBeVisible();
    await expect(page.getByText(subject)).toHaveCount(0);

    // A page past the last one says so, with no "Previous" link to another empty page.
    await page.goto("/bo/messages?status=new&page=99");
    await expect(page.getByRole("heading", { name: "Page 99 is past the last page" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to the last page" }).click();
    await expect(page.getByRole("article").filter({ hasText: realSubject })).toBeVisible();
  });

  test("a form sent under 3 s shows its field errors first, and a valid one is sent after a short wait; the 6th submission in an hour is refused", async ({
    page,
  }) => {
    await page.goto("/mail");
    // Empty and at once: the fields' errors, not "quicker than expected".
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByText("Enter a subject.")).toBeVisible();
    await expect(page.getByText(/quicker than we expected/)).toHaveCount(0);
    // As autofill does: filled and sent within 3 s of loading. The form waits and sends it again by itself.
    await page.goto("/mail");
    await fillMessage(page, unique("Too fast"));
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("button", { name: "Sending…" })).toBeVisible();
    await expect(page.getByText(/quicker than we expected/)).toHaveCount(0);
    await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();

    for (let index = 2; index <= 6; index += 1) {
      await page.goto("/mail");
      await fillMessage(page, unique(`Message ${index}`));
      await waitAsAPerson(page);
      await page.getByRole("button", { name: "Send message" }).click();
      if (index < 6) await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();
    }
    await expect(page.getByText(/several submissions from your network in the last hour/)).toBeVisible();
    await expect(page.getByText("Thank you, your message was sent.")).toHaveCount(0);
  });

  test("a 'call me back' message shows in /bo/messages and as a requested call in /bo/calls", async ({ page }) => {
    const subject = unique("Call me about");
    await page.goto("/mail");
    await fillMessage(page, subject);
    await page.getByLabel(/Call me back/).check();
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    // A phone number is required to call back.
    await expect(page.getByText("Enter a phone number so that we can call you back.")).toBeVisible();
    await page.getByLabel("Phone").fill("01 23 45 67 89");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("We will call you back soon.", { exact: false })).toBeVisible();

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/messages");
    const message = page.getByRole("article").filter({ hasText: subject });
    await expect(message).toContainText("+33123456789");
    await expectNoSeriousAxeViolations(page);
    await message.getByRole("link", { name: /Call-back request/ }).click();
    await expect(page).toHaveURL(/\/bo\/calls/);
    const row = page.getByRole("row").filter({ hasText: "Jane Prospect" }).filter({ hasText: subject });
    await expect(row).toContainText("Requested");

    await page.goto("/bo/messages");
    await page
      .getByRole("article")
      .filter({ hasText: subject })
      .getByRole("button", { name: /Archive/ })
      .click();
    await expect(page.getByRole("article").filter({ hasText: subject })).toHaveCount(0);
    await page.getByRole("link", { name: /Archived/ }).click();
    await expect(page.getByRole("article").filter({ hasText: subject })).toBeVisible();
  });

  test("the contact form states under its button how many days a message is kept, from Settings", async ({
    page,
    browser,
  }) => {
    const retentionLine = (days: number) =>
      new RegExp(`We keep your message ${days} days, then delete it\\. See our privacy notice`);
    /** Settings → Public site → Message retention, saved with the rest of the settings. */
    const setMessageRetention = async (months: string) => {
      await page.goto("/bo/settings");
      await waitForHydration(page, "form#settings-form");
      await page.getByLabel("Message retention (months)").fill(months);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved.").last()).toBeVisible();
    };

    // The default: 12 months, said in days (365 or 366), under the Send button, with the privacy notice.
    await page.goto("/mail");
    const line = page.locator("#contact-retention");
    await expect(line).toHaveText(retentionLine(retentionDays(12)));
    await expect(line.getByRole("link", { name: /privacy notice/ })).toHaveAttribute("href", "/privacy");
    const send = page.getByRole("button", { name: "Send message" });
    await expect(send).toHaveAccessibleDescription(retentionLine(retentionDays(12)));
    expect((await line.boundingBox())!.y).toBeGreaterThan((await send.boundingBox())!.y);

    // Settings refuse a retention out of bounds, then take three months: the form and the privacy notice follow.
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/bo/settings");
    await waitForHydration(page, "form#settings-form");
    await page.getByLabel("Message retention (months)").fill("121");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("[id='messageRetentionMonths-error']")).toHaveText("Between 1 and 120 months.");
    await setMessageRetention("3");
    const threeMonths = retentionDays(3);
    expect(threeMonths).toBeLessThan(100);
    await page.goto("/mail");
    await expect(page.locator("#contact-retention")).toHaveText(retentionLine(threeMonths));
    await page.goto("/privacy");
    await expect(
      page.getByText(
        `Messages from the contact form, call-back requests included, and our replies to them are deleted automatically ${threeMonths} days after they arrive`,
      ),
    ).toBeVisible();

    // The form without JavaScript says the same.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/mail");
    await expect(plain.locator("#contact-retention")).toHaveText(retentionLine(threeMonths));
    await expect(plain.locator("#contact-retention").getByRole("link", { name: /privacy notice/ })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await noScript.close();

    // Back to the default for the other specs.
    await setMessageRetention("12");
    await page.goto("/mail");
    await expect(page.locator("#contact-retention")).toHaveText(retentionLine(retentionDays(12)));
  });

  test("the contact form works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" },
    });
    const page = await context.newPage();
    const subject = unique("No script");
    await page.goto("/mail");
    await fillMessage(page, subject);
    await page.getByLabel("Message").fill("too short");
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/Write at least 20 characters/)).toBeVisible();
    await expect(page.getByLabel("Subject")).toHaveValue(subject);
    await page.getByLabel("Message").fill("This time the message is long enough to be sent.");
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thank you, your message was sent.")).toBeVisible();
    await context.close();
  });
});

test.describe("public site: what is not public", () => {
  // The browser logs each 404 response this test asks for on purpose.
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\) at .*\/jobs\// });

  test("a draft or closed job's slug is 404; public pages pass axe", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const draftTitle = unique("Hidden draft");
    const { id: draftId } = await createJob(page, draftTitle, { publish: false });
    await expect(page.getByText("Not on the public site.")).toBeVisible();
    const slug = draftTitle.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    expect((await page.goto(`/jobs/${slug}`))?.status()).toBe(404);
    const { id, slug: openSlug } = await createJob(page, unique("Closing"));
    expect((await page.goto(`/jobs/${openSlug}`))?.status()).toBe(200);
    await page.goto(`/bo/jobs/${id}`);
    await page.getByRole("button", { name: "Close job" }).click();
    await expect(page.getByText("Job closed.")).toBeVisible();
    expect((await page.goto(`/jobs/${openSlug}`))?.status()).toBe(404);
    await page.goto("/bo/jobs");
    await expect(page.getByRole("link", { name: draftTitle })).toHaveAttribute("href", `/bo/jobs/${draftId}`);
    await expectNoSeriousAxeViolations(page);

    const { slug: publicSlug } = await createJob(page, unique("Axe check"));
    for (const path of ["/", "/jobs", `/jobs/${publicSlug}`, "/mail"]) {
      await page.goto(path);
      await expectNoSeriousAxeViolations(page);
    }
    const sitemap = await page.request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain(`/jobs/${publicSlug}`);
    expect(await sitemap.text()).not.toContain(`/jobs/${openSlug}`);
    expect(await (await page.request.get("/robots.txt")).text()).toMatch(/Disallow: \/bo/);
  });
});

test.describe("public site: the application form's links and pace", () => {
  // The enhanced form's fetch gets a 400 and a 429 ("wait a moment") on purpose; the browser logs them.
  test.use({ allowedConsoleErrors: /status of (400|429) .*\/jobs\/[^/]+\/apply/ });

  test("a link without https:// is taken, a faulty one alone turns red, a quick valid application is sent after a wait", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const { id, slug } = await createJob(page, unique("Linked"));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/jobs/${slug}`);
    await expect(page.getByText(/deleted automatically after 36[56] days/)).toBeVisible();
    const name = unique("Lin Candidate");
    await fillApplication(page, name);
    await page.getByLabel("Link 1").fill("linkedin.com/in/lin");
    await page.getByLabel("Link 2").fill("not a web address");
    await page.getByLabel(/^CV/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf() });
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText(/Enter a web address, such as linkedin.com/)).toBeVisible();
    await expect(page.getByLabel("Link 2")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Link 1")).not.toHaveAttribute("aria-invalid", "true");
    await page.locator("form").screenshot({ path: "test-results/i31-application-links-390.png" });

    // Sent again at once from a freshly loaded page: the form waits and sends it by itself.
    await page.goto(`/jobs/${slug}`);
    await fillApplication(page, name);
    await page.getByLabel("Link 1").fill("linkedin.com/in/lin");
    await page.getByLabel(/^CV/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf() });
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText("Thank you, your application was sent.")).toBeVisible();
    await page.screenshot({ path: "test-results/i31-application-sent-390.png", fullPage: true });
    await page.goto(`/bo/jobs/${id}`);
    await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("https://linkedin.com/in/lin");
  });
});

test.describe("back-office jobs list", () => {
  // The expired job's public address answers 404 on purpose.
  test.use({ allowedConsoleErrors: /status of 404 \(Not Found\) at .*\/jobs\// });

  test("a published job past its closing date shows as closed (expired); the list filters by status, sorts and pages", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const expiredTitle = unique("Expired role");
    const openTitle = unique("Open role");
    const { id: expiredId } = await createJob(page, expiredTitle, { closesOn: "2020-01-31" });
    const expiredSlug = expiredTitle.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    await expect(page.getByText("Closed (expired)")).toBeVisible();
    await createJob(page, openTitle);
    // A second open job, so that one job a page makes two pages even when this test runs alone.
    await createJob(page, unique("Second open role"));
    expect((await page.goto(`/jobs/${expiredSlug}`))?.status()).toBe(404);

    await page.goto("/bo/jobs");
    const expiredRow = page.getByRole("row").filter({ hasText: expiredTitle });
    await expect(expiredRow).toContainText("Closed (expired)");
    await expect(expiredRow).not.toContainText("Published");
    await page.getByLabel("Status").selectOption("expired");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=expired/);
    await expect(page.getByRole("link", { name: expiredTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: openTitle })).toHaveCount(0);
    await page.goto("/bo/jobs?status=published");
    await expect(page.getByRole("link", { name: openTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: expiredTitle })).toHaveCount(0);
    // Sorted by closing date, earliest first: the expired job (31 Jan 2020) before any open one.
    await page.goto("/bo/jobs");
    await page.getByRole("link", { name: "Closes on" }).click();
    await expect(page).toHaveURL(/sort=closes/);
    await expect(page.getByRole("columnheader", { name: /Closes on/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("row").nth(1)).toContainText(expiredTitle);
    // One job a page: a pager, and the filter kept from page to page.
    await page.goto("/bo/jobs?status=published&size=1");
    await expect(page.getByRole("navigation", { name: /pagination|pages/i })).toBeVisible();
    await page.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/status=published/);
    await expect(page).toHaveURL(/page=2/);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/bo/jobs");
    await page.screenshot({ path: "test-results/i31-bo-jobs-390.png", fullPage: true });
    await page.goto(`/bo/jobs/${expiredId}`);
    await expect(page.getByText("Closed (expired)")).toBeVisible();
  });
});

test.describe("public site: refused uploads", () => {
  // The enhanced form's fetch gets 400 / 413 answers on purpose; the browser logs them.
  test.use({ allowedConsoleErrors: /status of (400|413) .*\/jobs\/[^/]+\/apply/ });

  test("a .exe renamed .pdf and a 6 MB file are refused with a message", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    const { slug } = await createJob(page, unique("Analyst"));
    await page.goto(`/jobs/${slug}`);
    await fillApplication(page, "Mallory");
    await page.getByLabel(/^CV/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: makeExe() });
    await waitAsAPerson(page);
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText(/must be a PDF, DOC or DOCX document/)).toBeVisible();
    await expect(page.getByLabel(/^CV/)).toHaveAttribute("aria-invalid", "true");
    // What was typed is still there.
    await expect(page.getByLabel("Full name")).toHaveValue("Mallory");

    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    big.write("%PDF-1.4\n", 0, "latin1");
    await page.getByLabel(/^CV/).setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: big });
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect(page.getByText(/larger than 5 MB/)).toBeVisible();

    // The server enforces it too, whatever the browser does.
    const formToken = await page.locator("input[name=formToken]").inputValue();
    const response = await page.request.post(`/jobs/${slug}/apply`, {
      headers: { accept: "application/json" },
      multipart: {
        name: "Mallory",
        email: "m@example.com",
        consent: "on",
        formToken,
        cv: { name: "big.pdf", mimeType: "application/pdf", buffer: big },
      },
    });
    expect(response.status()).toBe(413);
    expect((await response.json()).fieldErrors.cv).toMatch(/larger than 5 MB/);
  });
});
