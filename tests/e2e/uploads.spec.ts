// CV uploads and downloads over HTTP: the file is judged by its bytes, never by its name or type;
// a hostile file name is harmless; the CV is only ever a download, for signed-in managers and
// admins, and no refusal carries a byte of it.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, makePdf, test } from "./fixtures";
import {
  act,
  createPerson,
  formTokenOf,
  JOB_FIELDS,
  JOBS,
  newSessions,
  type Sessions,
  waitAsAPerson,
} from "./authz/seed";
import { html, nextAddress, ORIGIN, signInOverApi } from "./authz/http";

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A multipart body written by hand, so the file name goes out exactly as given (NUL, quotes, CR LF escapes). */
function multipart(
  fields: Record<string, string>,
  file: { rawName: Buffer; type: string; bytes: Buffer },
): { body: Buffer; contentType: string } {
  const boundary = `----bureau${tag}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, "utf8"),
    );
  parts.push(
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="`, "latin1"),
      file.rawName,
      Buffer.from(`"\r\nContent-Type: ${file.type}\r\n\r\n`, "latin1"),
      file.bytes,
      Buffer.from("\r\n", "latin1"),
    ]),
  );
  parts.push(Buffer.from(`--${boundary}--\r\n`, "latin1"));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

test.describe("CV uploads and downloads", () => {
  let sessions: Sessions;
  let jobId = "";
  let slug = "";
  let token = "";

  test.beforeAll(async ({ playwright }) => {
    sessions = await newSessions(playwright);
    await signInOverApi(sessions.admin, ADMIN.email, ADMIN.password);
    const job = await act<{ id: string }>(sessions.admin, "/bo/jobs/new", JOBS, "createJobAction", [
      { title: `Upload Tester ${tag}`, ...JOB_FIELDS, description: "" },
    ]);
    await act(sessions.admin, `/bo/jobs/${job.id}`, JOBS, "transitionJobAction", [
      { id: job.id, version: 1, transition: "publish" },
    ]);
    jobId = job.id;
    slug = /href="\/jobs\/([a-z0-9-]+)"/.exec(await html(sessions.admin, `/bo/jobs/${job.id}`))![1]!;
    const form = await formTokenOf(sessions.anonymous, `/jobs/${slug}`);
    token = form.token;
    await Promise.all([
      createPerson(sessions.admin, sessions.staff, "staff", `Upload Staff ${tag}`, `upload.staff.${tag}@example.com`),
      createPerson(
        sessions.admin,
        sessions.manager,
        "manager",
        `Upload Manager ${tag}`,
        `upload.manager.${tag}@example.com`,
      ),
    ]);
    await waitAsAPerson(form.loadedAt);
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(sessions ?? {}).map((context) => context.dispose()));
  });

  async function send(name: string, cv: { name: string; mimeType: string; buffer: Buffer }) {
    return sessions.anonymous.post(`/jobs/${slug}/apply`, {
      headers: { accept: "application/json", origin: ORIGIN, "x-forwarded-for": nextAddress() },
      multipart: { name, email: `${tag}@example.com`, consent: "on", formToken: token, website: "", cv },
    });
  }

  test("a .pdf that is HTML, an executable or a script is refused with a clear message; a real PDF is accepted", async () => {
    const refused = [
      {
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script>Curriculum</body></html>"),
      },
      {
        name: "cv.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(0x7e), Buffer.from("PE\0\0"), Buffer.alloc(512)]),
      },
      {
        name: "cv.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: Buffer.from("#!/bin/sh\nrm -rf /\n"),
      },
      {
        name: "cv.pdf",
        mimeType: "image/svg+xml",
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ];
    for (const cv of refused) {
      const response = await send(`Refused ${tag}`, cv);
      expect(response.status(), cv.buffer.subarray(0, 20).toString()).toBe(400);
      const body = (await response.json()) as { ok: boolean; fieldErrors: Record<string, string> };
      expect(body.fieldErrors.cv).toBe(
        "Your CV must be a PDF, DOC or DOCX document. This file is not one, whatever its name says.",
      );
      expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    }
    const accepted = await send(`Accepted ${tag}`, {
      name: "Mon CV.pdf",
      mimeType: "application/octet-stream",
      buffer: makePdf(`CV of ${tag}`),
    });
    expect(accepted.status()).toBe(200);
    expect(await accepted.json()).toEqual({ ok: true, redirect: `/jobs/${slug}?applied=1` });
    const page = await html(sessions.admin, `/bo/jobs/${jobId}`);
    expect(page).toContain(`Accepted ${tag}`);
    expect(page).not.toContain(`Refused ${tag}`);
  });

  test("file names with paths, NUL, CR LF or markup are harmless: shown cleaned, never used to store or serve the file", async () => {
    // [applicant, raw file name]: the applicants' names are plain, so any oddity in a header comes from the file name.
    const names: [string, Buffer][] = [
      ["Alpha", Buffer.from("../../etc/passwd.pdf", "latin1")],
      ["Bravo", Buffer.from("..\\..\\windows\\x.pdf", "latin1")],
      ["Charlie", Buffer.from("cv.pdf\0.exe", "latin1")],
      ["Delta", Buffer.from("cv%0D%0ASet-Cookie: stolen=1.pdf", "latin1")],
      ["Echo", Buffer.from("<img src=x onerror=alert(1)>.pdf", "latin1")],
    ];
    for (const [label, rawName] of names) {
      const { body, contentType } = multipart(
        { name: `${label} ${tag}`, email: `${tag}@example.com`, consent: "on", formToken: token, website: "" },
        { rawName, type: "application/pdf", bytes: makePdf(`CV ${label}`) },
      );
      const response = await sessions.anonymous.post(`/jobs/${slug}/apply`, {
        headers: {
          accept: "application/json",
          origin: ORIGIN,
          "x-forwarded-for": nextAddress(),
          "content-type": contentType,
        },
        data: body,
      });
      expect(response.status(), label).toBe(200);
    }

    const page = await sessions.admin.get(`/bo/jobs/${jobId}`);
    const source = (await page.text()).replaceAll("<!-- -->", "");
    // What the team sees of each name: no folder, no control character, no markup.
    expect(source).toContain("passwd.pdf");
    expect(source).not.toContain("../");
    expect(source).not.toMatch(/\.\.\\\\|windows\\\\/);
    expect(source).not.toContain("\u0000");
    expect(source).not.toContain("<img src=x");
    const links = [...source.matchAll(new RegExp(`/bo/jobs/${jobId}/applications/([0-9a-f-]{36})/cv`, "g"))].map(
      (match) => match[0],
    );
    expect(new Set(links).size).toBeGreaterThanOrEqual(names.length);

    for (const link of new Set(links)) {
      const download = await sessions.manager.get(link);
      expect(download.status()).toBe(200);
      const headers = download.headers();
      // The name is rebuilt from the applicant's name and the detected type; the upload's name is never used.
      expect(headers["content-disposition"]).toMatch(
        /^attachment; filename="CV [A-Za-z0-9 ._-]+\.pdf"; filename\*=UTF-8''[A-Za-z0-9%._-]+\.pdf$/,
      );
      expect(headers["content-disposition"]).not.toMatch(/passwd|windows|exe|Set-Cookie|img/i);
      expect(headers["set-cookie"]).toBeUndefined();
      expect(headers["content-type"]).toBe("application/pdf");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(headers["cache-control"]).toBe("private, no-store");
      expect((await download.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });

  test("the CV is served only to signed-in managers and admins; staff get 403, anonymous the sign-in page, never a byte of it", async () => {
    expect(
      (
        await send(`Download ${tag}`, { name: "cv.pdf", mimeType: "application/pdf", buffer: makePdf(`CV of ${tag}`) })
      ).status(),
    ).toBe(200);
    const page = await html(sessions.admin, `/bo/jobs/${jobId}`);
    const link = new RegExp(`/bo/jobs/${jobId}/applications/[0-9a-f-]{36}/cv`).exec(page)![0];
    const cvText = /CV [a-z ]+|CV of [a-z0-9]+/;
    const refusals: [string, APIRequestContext, number][] = [
      ["staff", sessions.staff, 403],
      ["anonymous", sessions.anonymous, 307],
      ["a forged session cookie", sessions.forged, 401],
    ];
    for (const [who, request, status] of refusals) {
      const response = await request.get(link, { maxRedirects: 0 });
      expect(response.status(), who).toBe(status);
      const body = await response.body();
      expect(body.includes(Buffer.from("%PDF")), `${who} gets no CV bytes`).toBe(false);
      expect(cvText.test(body.toString("latin1")), who).toBe(false);
      expect(response.headers()["content-disposition"], who).toBeUndefined();
      if (status === 307) expect(response.headers()["location"]).toBe(`/bo/login?next=${encodeURIComponent(link)}`);
    }
    for (const request of [sessions.manager, sessions.admin]) {
      const response = await request.get(link);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
    }
  });
});
