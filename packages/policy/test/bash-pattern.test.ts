import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeBashPattern } from "../src/bash-pattern.ts";
import {
  bashPatternMeets,
  bashPatternMeetsWithOptions,
  matchesBashPattern,
  NAME_RUN,
} from "../src/index.ts";

describe("matchesBashPattern", () => {
  it.each<[pattern: string, text: string, expected: boolean, note: string]>([
    ["*", "anything at all", true, "`*` alone matches every command"],
    ["*", "", true, "`*` matches the empty text too"],
    ["git *", "git", true, "a trailing ` *` also matches the bare command"],
    ["git *", "git status", true, "`*` matches the rest"],
    ["git *", "git push origin main", true, "`*` spans spaces"],
    ["git *", "gitk", false, "`git *` needs a word boundary: `gitk` is another command"],
    ["git *", "gitk --all", false, "nor does it match `gitk` with arguments"],
    ["rm *", "rmdir x", false, "`rm *` does not match `rmdir`"],
    ["rm *", "rm -rf build", true, "`rm *` matches rm with any arguments"],
    ["git status", "git status", true, "an exact pattern matches itself"],
    ["git status", "git status -s", false, "an exact pattern matches nothing longer (P2)"],
    ["git push *", "git stash push -m x", false, "patterns match from the first word (P3)"],
    ["npm publish*", "npm publish", true, "`*` may match nothing (P3)"],
    ["npm publish*", "npm publish --dry-run", true, "P3's `npm publish*` covers any argument"],
    ["npm publish*", "npm publisher", true, "without a space the star also continues the word"],
    ["rm -rf /*", "rm -rf /", true, "P3's `rm -rf /*` matches the root itself"],
    ["rm -rf /*", "rm -rf /etc/passwd", true, "`*` spans `/`"],
    ["rm -rf /*", "rm -rf build /", false, "the whole text must match: `build` comes first"],
    ["git  push   *", "git push origin", true, "runs of blanks in the pattern are one space"],
    ["  git *  ", "git log", true, "the pattern is trimmed"],
    ["git **", "git", true, "`**` is `*`, so the bare command still matches"],
    ["git * --force", "git push --force", true, "a star in the middle"],
    ["git * --force", "git --force", true, "a word-star in the middle also matches no word"],
    ["git * --force", "git --forced", false, "a word-star still lies between words"],
    ["git * --force", "gitx --force", false, "nor does it join the words around it"],
    ["docker run * -v *", "docker run -v /:/h alpine", true, "nothing between `run` and `-v`"],
    ["a * * b", "a b", true, "word-stars in a row are one"],
    ["a * * b", "a x y z b", true, "and still any run of words"],
    ["* b", "b", true, "a leading word-star also matches no word"],
    ["* b", "ab", false, "but not part of a word"],
    ["git *push", "git push", true, "a star joined to a word is any run, none included"],
    ["git *push", "gitpush", false, "and never takes the blank before it back"],
    [
      "docker run -v *",
      "docker run -v/:/h alpine",
      true,
      "a short option meets its attached value",
    ],
    ["docker run -v *", "docker run -vx", true, "and its bundled letters"],
    ["docker run -v *", "docker run -v", true, "and itself alone"],
    ["docker run -v *", "docker run -x -v", false, "it still starts where the pattern puts it"],
    ["docker run * -v *", "docker run --rm -v/:/h alpine", true, "after a word-star too"],
    ["x -v * y", "x -vq y", true, "an attached value in the middle of a pattern"],
    ["x -v * y", "x -vq", false, "the words after the option still count"],
    ["-v *", "-vx", false, "the command word is not an option"],
    ["docker run --volume *", "docker run --volume=/:/h alpine", true, "a long option meets `=`"],
    ["docker run --volume *", "docker run --volume /:/h", true, "and its value as the next word"],
    ["docker run --volume *", "docker run --volume", true, "and itself alone"],
    ["docker run --volume *", "docker run --volumes-from x", false, "but not a longer name"],
    ["docker run --volume *", "docker run --volumex", false, "nor a name with more letters"],
    ["x --volume * y", "x --volume=/h y", true, "an attached value in the middle of a pattern"],
    ["x --volume * y", "x --volume y", true, "or none"],
    ["x --volume * y", "x --volume= y", true, "an empty attached value"],
    ["x --volume * y", "x --volume=y", false, "the value is not the next word"],
    ["git commit -m*", "git commit -mfix", true, "a star joined to an option is unchanged"],
    ["rm -rf /*", "rm -rf -x /", false, "an option followed by a joined star is not a word-star"],
    ["git * --force", "git push --force-with-lease", false, "the literal tail must end the text"],
    ["ls ?", "ls a", false, "`?` is literal"],
    ["ls ?", "ls ?", true, "`?` matches only itself"],
    ["echo [a]", "echo [a]", true, "brackets are literal"],
    ["echo $(x)", "echo $(x)", true, "regex characters are literal"],
    ["echo *", "echo a\nb", true, "`*` spans newlines inside an argument"],
    ["GIT *", "git status", false, "matching is case-sensitive"],
  ])("%j vs %j → %s (%s)", (pattern, text, expected) => {
    expect(matchesBashPattern(pattern, text)).toBe(expected);
  });

  it("normalises blanks and stars the same way it matches", () => {
    expect(["  git   push  **", "a\t*b", "***"].map(normalizeBashPattern)).toEqual([
      "git push *",
      "a *b",
      "*",
    ]);
  });
});

// The language as a regular expression, written out word by word for small inputs only: a
// star is any run; a star that is a word of its own is any run of words, none included, taking
// the blank on one side with it; an option word (after the first) followed by one also takes
// its attached spellings.
function byRegExp(pattern: string, text: string): boolean {
  const words = normalizeBashPattern(pattern).split(" ");
  const literal = (run: string) => run.replace(/[\\^$.*+?()[\]{}|/=-]/g, "\\$&");
  const any = "[\\s\\S]*";
  let body = "";
  let joined = true;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const blank = joined ? "" : " ";
    joined = false;
    const starNext = words[i + 1] === "*";
    const skipStars = () => {
      while (words[i + 1] === "*") i++;
    };
    if (w === "*") {
      skipStars();
      const last = i === words.length - 1;
      if (body === "" && i === words.length - 1 && blank === "") body += any;
      else if (blank === "" && !last) {
        body += `(?:${any} )?`;
        joined = true;
      } else body += `(?: ${any})?`;
    } else if (i > 0 && starNext && /^-[^-*]$/.test(w)) {
      body += `${blank}${literal(w)}${any}`;
      skipStars();
    } else if (i > 0 && starNext && /^--[^=*]+$/.test(w)) {
      body += `${blank}${literal(w)}(?:[ =]${any})?`;
      skipStars();
    } else body += blank + w.split("*").map(literal).join(any);
  }
  return new RegExp(`^${body}$`).test(text);
}

describe("matchesBashPattern over any input", () => {
  const alphabet = fc.constantFrom("a", "b", " ", "*", "-", "/", ".", "=");
  const word = (max: number) => fc.array(alphabet, { maxLength: max }).map((cs) => cs.join(""));
  // Patterns and texts built from whole words, so that word-stars and options meet often.
  const patternWord = fc.constantFrom("a", "b", "*", "-a", "--ab", "a*", "*a", "-", "--", "-*");
  const textWord = fc.constantFrom("a", "b", "-a", "-ab", "--ab", "--ab=b", "--ab=", "a=b", "");
  const words = (of: fc.Arbitrary<string>, max: number) =>
    fc.array(of, { minLength: 1, maxLength: max }).map((ws) => ws.join(" "));

  it("agrees with the pattern read as a regular expression", () => {
    fc.assert(
      fc.property(word(8), word(14), (pattern, text) => {
        expect(matchesBashPattern(pattern, text)).toBe(byRegExp(pattern, text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees with the regular expression on patterns and commands made of words", () => {
    fc.assert(
      fc.property(words(patternWord, 6), words(textWord, 6), (pattern, text) => {
        expect(matchesBashPattern(pattern, text)).toBe(byRegExp(pattern, text));
      }),
      { numRuns: 10_000 },
    );
  });

  it("meets, as a shape without computed words, exactly what it matches", () => {
    fc.assert(
      fc.property(words(patternWord, 6), words(textWord, 6), (pattern, text) => {
        expect(bashPatternMeets(pattern, text)).toBe(matchesBashPattern(pattern, text));
      }),
      { numRuns: 10_000 },
    );
  });

  it("meets a shape whenever it matches some text the shape stands for", () => {
    fc.assert(
      fc.property(
        words(patternWord, 5),
        fc.array(fc.oneof(textWord, fc.constant("*")), { minLength: 1, maxLength: 5 }),
        fc.array(words(textWord, 2), { minLength: 5, maxLength: 5 }),
        (pattern, shapeWords, fills) => {
          const shape = shapeWords.join(" ");
          let k = 0;
          const text = shape.replace(/\*/g, () => fills[k++] ?? "");
          if (matchesBashPattern(pattern, text))
            expect(bashPatternMeets(pattern, shape)).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it("meets a shape with runs of names whenever it matches some text without / in their place", () => {
    const nameWord = fc.constantFrom("a", "b", "-a", "-ab", "--ab=b", "");
    const withSlash = fc.constantFrom("a", "/", "/a", "a/b", "-a", "--ab=/b", "*", "/*", "-a /*");
    fc.assert(
      fc.property(
        words(withSlash, 5),
        fc.array(fc.oneof(textWord, fc.constant("/a"), fc.constant("*"), fc.constant(NAME_RUN)), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(words(nameWord, 2), { minLength: 5, maxLength: 5 }),
        fc.array(words(textWord, 2), { minLength: 5, maxLength: 5 }),
        (pattern, shapeWords, names, fills) => {
          const shape = shapeWords.join(" ");
          let k = 0;
          let n = 0;
          const text = shape
            .replace(/\*/g, () => fills[k++] ?? "")
            .replaceAll(NAME_RUN, () => names[n++] ?? "");
          if (matchesBashPattern(pattern, text))
            expect(bashPatternMeets(pattern, shape)).toBe(true);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it.each<[pattern: string, shape: string, expected: boolean]>([
    ["rm -rf /*", `rm ${NAME_RUN}`, false],
    ["rm -rf /*", `rm -f ${NAME_RUN}`, false],
    ["rm -rf /*", `rm ${NAME_RUN} /x`, true],
    ["rm -rf /*", `rm -rf /x ${NAME_RUN}`, true],
    ["rm -rf /*", "rm *", true],
    ["rm -rf *", `rm ${NAME_RUN}`, true],
    ["rm -rf ~/*", `rm ${NAME_RUN}`, false],
    ["rm src/*", `rm src/${NAME_RUN}`, true],
    ["rm src/a/*", `rm src/${NAME_RUN}`, false],
    ["rm *.env", `rm ${NAME_RUN}`, true],
  ])("%s meets %j: %s (a run of names holds no /)", (pattern, shape, expected) => {
    expect(bashPatternMeets(pattern, shape)).toBe(expected);
  });

  it("answers a long command against a pattern of many stars (a regular expression backtracks for hours)", () => {
    // Without the linear scan this never returns: the test fails by its timeout, not by a timing.
    const text = `x ${"a".repeat(50_000)}`;
    expect(matchesBashPattern("*a*a*a*a*a*a*a*b", text)).toBe(false);
    expect(matchesBashPattern("git * * * * * * z", `git ${"a ".repeat(20_000)}`)).toBe(false);
    expect(matchesBashPattern("git * * * * * * z", `git ${"a ".repeat(20_000)}z`)).toBe(true);
    // Word-stars and attached options keep the scan linear: each run is still found once.
    const options = `x ${"--a=1 -b2 ".repeat(10_000)}`;
    expect(matchesBashPattern("x * --a * -b * --a * -b * z", options)).toBe(false);
    expect(matchesBashPattern("x * --a * -b * --a * -b * z", `${options}z`)).toBe(true);
  });
});

describe("bashPatternMeetsWithOptions: a deny or ask pattern with other options set aside", () => {
  it.each<[pattern: string, text: string, reading: string | null, note: string]>([
    ["git commit -F *", "git commit -q -F msg", "git commit -F msg", "an option inserted"],
    ["git commit -F *", "git commit -m x -F msg", "git commit -F msg", "with its value"],
    ["git commit -F *", "git commit -aF msg", "git commit -F msg", "a cluster holding `-F`"],
    ["git commit -F msg", "git commit -qFmsg", "git commit -F msg", "its value attached"],
    ["git push origin *", "git push -f origin main", "git push origin main", "between words"],
    ["git push origin *", "git push --force-with-lease=x origin m", "git push origin m", "long"],
    ["rm -r x", "rm -fr x", "rm -r x", "the letters after another one"],
    ["rm -rf /*", "rm -r -f /", "rm -fr /", "a named cluster split"],
    ["rm -rf /*", "rm -fr /", "rm -fr /", "a named cluster in another order"],
    ["rm -rf /*", "rm -rfv --one-file-system /", "rm -fr /", "with other options"],
    ["rm -rf /*", "rm -rf -- /", "rm -rf /", "`--` before an operand"],
    ["rm -rf /*", "rm -- -rf /", null, "`--` makes `-rf` an operand"],
    ["rm -r x", "rm -f x", null, "another option is not the named one"],
    ["npm publish", "npm publish --dry-run", null, "options after the words are not between them"],
    ["git commit -F *", "git commit -m x", null, "the named option is missing"],
    ["git push origin main", "git push -u origin dev", null, "the words still count"],
    ["git *", "git -C . push", null, "a pattern that matches as written has no other reading"],
    ["rm", "rm -f x", null, "a one-word pattern has no words to insert between"],
    ["rm -rf *", "rm build -rf", "rm -rf build", "options after an operand"],
    ["rm -rf /*", "rm /srv -r -f", "rm -fr /srv", "split, after an operand"],
    [
      "git push --force *",
      "git push origin m --force",
      "git push --force origin m",
      "after a word",
    ],
    ["rm -rf *", "rm  -rf build", "rm -rf build", "an empty operand names no file"],
    ["npm publish", "npm publish --dry-run", null, "moved, an option is never set aside"],
    ["rm -rf *", "rm build -- -rf", null, "after `--` an option is an operand"],
    // G15 inserted-option-without-operand: the pattern names a trailing option.
    ["git reset --hard", "git reset -q --hard", "git reset --hard", "before a named last one"],
    ["git reset --hard", "git reset --hard -q", "git reset --hard", "after a named last one"],
    ["git clean -f*", "git clean -d -f", "git clean -f", "a named option joined to a star"],
    ["git gc --prune=now", "git gc -q --prune=now", "git gc --prune=now", "with a value"],
    ["docker system prune -a", "docker system prune -f -a", "docker system prune -a", "short"],
    [
      "terraform apply -auto-approve",
      "terraform apply -input=false -auto-approve",
      "terraform apply -auto-approve",
      "single-dash long options",
    ],
    ["git reset --hard", "git reset -q", null, "no trailing option is named"],
    ["git reset --hard", "git reset -q --soft", null, "another option is not the named one"],
  ])("%j meets %j as %j (%s)", (pattern, text, reading) => {
    expect(bashPatternMeetsWithOptions(pattern, text)).toBe(reading);
  });

  it("reads a word with blanks in it as one word when it is given the command's words", () => {
    const argv = ["git", "commit", "-m", "fix -F flag"];
    expect([
      bashPatternMeetsWithOptions("git commit -F *", argv.join(" ")),
      bashPatternMeetsWithOptions("git commit -F *", argv.join(" "), argv),
    ]).toEqual(["git commit -F flag", null]);
  });

  it("reads only what the pattern then matches, and stays bounded on long commands", () => {
    const patternWord = fc.constantFrom("a", "b", "*", "-a", "--ab", "-ab", "-b", "--");
    const textWord = fc.constantFrom("a", "b", "-a", "-ba", "-ab", "--ab", "--ab=b", "--", "-q");
    const words = (of: fc.Arbitrary<string>) =>
      fc.array(of, { minLength: 1, maxLength: 7 }).map((ws) => ws.join(" "));
    fc.assert(
      fc.property(words(patternWord), words(textWord), (pattern, text) => {
        const reading = bashPatternMeetsWithOptions(pattern, text);
        if (reading !== null) {
          const canonical = pattern.replace(
            /(?<= )-[a-z]{2,}(?= |$)/g,
            (w) => `-${[...new Set(w.slice(1))].sort().join("")}`,
          );
          expect(
            matchesBashPattern(pattern, reading) || matchesBashPattern(canonical, reading),
          ).toBe(true);
        }
      }),
      { numRuns: 5_000 },
    );
    const long = `x ${"-a -b -ab ".repeat(3_000)}y`;
    expect(bashPatternMeetsWithOptions("x -c * y", long)).toBe(null);
  });
});
