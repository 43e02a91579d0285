import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Word, wordFromText } from "../src/read/words.ts";
import { DeclarationWords } from "../src/walk/walk.ts";

/**
 * D18-02 (session 18): for each word of a declaration builtin the walk asked the whole list of
 * its words again (`export a a …` of 40 KB took 22 s of CPU). The answers are now kept as the
 * words come (DeclarationWords); each must equal the whole-list question it replaces.
 */
const INTEGER_OPTIONS = /^[-+][girx]+$/;
const texts = ["-a", "-i", "-gi", "+x", "-n", "-r", "--", "-f", "-luc", "-x1i", "--i", "x", "a=1"];
texts.push("PATH", "-", "+", "-A", "-ix", "$o", "b[1]=2", "-=", "-Zi");

function word(text: string): Word {
  const made = wordFromText(text.replace(/^\$/, ""), { start: 0 });
  return text.startsWith("$") ? { ...made, text, literal: false } : made;
}

describe("a declaration's words, asked once each", () => {
  it("gives the whole-list answers after every word", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...texts), { maxLength: 8 }), (spelled) => {
        const tracked = new DeclarationWords();
        const node = { type: "declaration_command" } as Parameters<
          DeclarationWords["mayDeclareInteger"]
        >[0];
        for (const text of ["declare", ...spelled]) {
          tracked.push(word(text));
          const words = tracked.list;
          const clusters = words
            .filter((w) => /^-[a-zA-Z]+$/.test(w.text))
            .map((w) => w.text)
            .join("");
          expect(tracked.clusters).toBe(clusters);
          for (const letters of ["f", "n", "i", "luc", "niaAluc"]) {
            const old = new RegExp(`^-[a-zA-Z]*[${letters}]`);
            expect(tracked.leads(letters)).toBe(words.some((w) => old.test(w.text)));
          }
          expect(tracked.computed).toBe(words.some((w) => !w.literal));
          expect(tracked.plainIntegerOptions).toBe(
            words
              .slice(1)
              .every((w) => w.literal && (!/^[-+]/.test(w.text) || INTEGER_OPTIONS.test(w.text))),
          );
          expect(tracked.mayDeclareInteger(node)).toBe(
            /i/.test(clusters) || words.slice(1).some((w) => !w.literal),
          );
        }
      }),
      { numRuns: 3000, seed: 1802 },
    );
  });
});
