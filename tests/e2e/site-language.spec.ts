// The public site's language (decision 067): the browser's Accept-Language first, then the
// switcher in the footer, plain links that remember the choice in a cookie and come back to the
// same page. It works without JavaScript too.
import { expect, test } from "./fixtures";

test.describe("the public site's language", () => {
  test.use({ locale: "fr-FR" });

  test("follows Accept-Language, and the switcher changes it on the same page", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("link", { name: "Voir les postes ouverts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mentions légales" })).toBeVisible();

    await page.goto("/jobs");
    await expect(page.getByRole("heading", { name: "Postes ouverts", level: 1 })).toBeVisible();
    const switcher = page.getByRole("navigation", { name: "Langue" });
    // Each language by its own name; the page's own is not a link.
    await expect(switcher.getByRole("listitem")).toHaveText(["English", "Deutsch", "Français"]);
    await expect(switcher.getByRole("link", { name: "Français" })).toHaveCount(0);
    await switcher.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: "Offene Stellen", level: 1 })).toBeVisible();

    // The choice outlives the page: the home page is German too, whatever the browser asks for.
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Offene Stellen ansehen" })).toBeVisible();
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === "bureau-language");
    expect(cookie).toMatchObject({ value: "de", path: "/", sameSite: "Lax" });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the switcher works", async ({ page }) => {
      await page.goto("/mail");
      await expect(page.getByRole("heading", { name: "Nous écrire", level: 1 })).toBeVisible();
      await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(/\/mail$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { name: "Write to us", level: 1 })).toBeVisible();
    });
  });

  test("a language Bureau lacks or an address elsewhere is refused", async ({ request }) => {
    const response = await request.get("/language?to=xx&next=//evil.example/", { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});
