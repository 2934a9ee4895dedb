import { describe, expect, it } from "vitest";
import { generatePassword, isCommonPassword } from "./password-policy";

describe("isCommonPassword", () => {
  it.each(["password1234", "qwertyuiop123", "123456789012", "aaaaaaaaaaaa", "Password1234", "iloveyou2024!"])(
    "refuses %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );
  it.each(["correct horse battery staple", "Blue-Tractor-Lemon-42", "my own new passphrase"])(
    "accepts %s",
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe("generatePassword", () => {
  it("makes long, different, uncommon passwords", () => {
    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
      expect(isCommonPassword(password)).toBe(false);
    }
    // The common-password list loads on first use: seconds on a busy machine.
  }, 30_000);
});
