// The gates' side of the soundness contract: what the analyzer marks as unproven (a glob, a
// computed path, a computed word) is judged as everything it can be; a spelling never evades a
// pattern; a string that runs nothing is allowed.

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "echo *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};
const PERMISSIVE: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny" },
  external_directory: "ask",
};

async function decide(permission: PermissionMap, command: string) {
  const evaluation = evaluateToolCall(policyOf(permission), bash(command), await analyzerOnce());
  // An allowed call has no refusal to explain.
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return {
    action: evaluation.action,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe("what the analyzer cannot prove is judged as everything it can be", () => {
  it.each<[PermissionMap, string, string, string | null]>([
    [CAUTIOUS, "cat .en?", "ask", "**/.env"],
    [CAUTIOUS, "cat .[e]nv", "ask", "**/.env"],
    [CAUTIOUS, "cat {README.md,.env}", "deny", "**/.env"],
    [CAUTIOUS, "cat src/*.ts", "allow", null],
    [CAUTIOUS, "cat *", "allow", null],
    [CAUTIOUS, "cat ~/.ssh/*", "deny", "**/.ssh/**"],
    [CAUTIOUS, "cat $(pick)", "ask", "*"],
    [CAUTIOUS, 'for f in src/*.ts; do cat "$f"; done', "allow", null],
    [CAUTIOUS, "f=.env; cat $f", "deny", "**/.env"],
    // The default word is one file the operand may name (bash opens .env when X is unset).
    [CAUTIOUS, "cat ${X:-.env}", "deny", "**/.env"],
    [CAUTIOUS, "git grep --no-index password", "ask", "**/.env"],
    [PERMISSIVE, "git $(echo push) origin", "ask", "<opaque-bash-wrapper>"],
    [PERMISSIVE, "npm $CMD", "ask", "<computed-word>"],
    [PERMISSIVE, 'git commit -m "$(date)"', "allow", null],
  ])("%#: %s", async (permission, command, action, rule) => {
    expect(await decide(permission, command)).toEqual({ action, rule });
  });
});

describe("a spelling never evades a pattern", () => {
  it.each([
    "/usr/bin/git push origin main",
    '"/usr/bin/"git push origin main',
    "git -C . push origin",
    "git 2>/dev/null push origin",
    "npm --silent publish",
    "npm --prefix . publish",
    "npm 0</dev/null publish",
    "npx npm publish",
    "ionice -c3 git push origin main",
    "X=git; $X push origin",
    "{git,push,origin}",
  ])("%s", async (command) => {
    expect((await decide(PERMISSIVE, command)).action).toBe("deny");
  });
});

describe("a pattern's word-star and option words meet every spelling of the option", () => {
  // docs/configuration.md "Bash patterns": a `*` word also matches no word, and an option
  // followed by ` *` meets its attached value.
  const DOCKER: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "docker run * -v *": "deny", "docker run * --volume *": "deny" },
  };
  it.each<[string, string, string | null]>([
    ["docker run -v /:/h alpine", "deny", "docker run * -v *"],
    ["docker run -v/:/h alpine", "deny", "docker run * -v *"],
    ["docker run --rm -v/:/h alpine", "deny", "docker run * -v *"],
    ["docker run --volume=/:/h alpine", "deny", "docker run * --volume *"],
    ["docker run --rm --volume /:/h alpine", "deny", "docker run * --volume *"],
    ["/usr/bin/docker run '-v/:/h' alpine", "deny", "docker run * -v *"],
    // A word only known at run time may be the attached option.
    ['docker run "$OPT" alpine', "ask", "<computed-word>"],
    ["docker run --rm alpine", "allow", null],
    ["docker run --volumes-from c alpine", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(DOCKER, command)).toEqual({ action, rule });
  });
});

describe("a deny or ask rule meets the command with the options it does not name set aside", () => {
  const COMMIT: PermissionMap = {
    "*": "allow",
    bash: {
      "*": "allow",
      "git commit -F *": "deny",
      "rm -r x": "ask",
      "npm publish": "deny",
      "git push origin *": "deny",
      "git push origin dev": "allow",
      "git push --force *": "deny",
    },
  };
  it.each<[string, string, string | null]>([
    ["git commit -q -F msg.txt", "deny", "git commit -F *"],
    ["git commit -aF msg.txt", "deny", "git commit -F *"],
    ["git commit -Fmsg.txt", "deny", "git commit -F *"],
    ["git commit -qFmsg.txt", "deny", "git commit -F *"],
    ["git commit -m x -F msg.txt", "deny", "git commit -F *"],
    ["git commit --amend --no-edit -F m", "deny", "git commit -F *"],
    ["rm -rf x", "ask", "rm -r x"],
    ["rm -fr x", "ask", "rm -r x"],
    ["npm --silent publish", "deny", "npm publish"],
    // `-f` is `--force` (option synonyms), and the later rule of the two that meet it decides.
    ["git push -f origin main", "deny", "git push --force *"],
    ["git push --force-with-lease=main origin main", "deny", "git push origin *"],
    // Options after the operands, and an empty operand, as GNU programs and git read them.
    ["rm x -r", "ask", "rm -r x"],
    ["rm '' -r x", "ask", "rm -r x"],
    ["git push upstream dev --force", "deny", "git push --force *"],
    // A program no table knows, holding the command in its words.
    ["pkexec git commit -q -F msg.txt", "ask", "git commit -F *"],
    // Nothing the rule names: an option is not the one it names, or comes after its words.
    ["git commit -m x", "allow", null],
    // A quoted word with blanks is one word, never options of its own.
    ['git commit -m "fix -F flag"', "allow", null],
    ["rm -f x", "allow", null],
    ["npm publish --dry-run", "allow", null],
    ["git commit -- -F", "allow", null],
    // A later allow the words meet as written keeps its place.
    ["git push origin dev", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(COMMIT, command)).toEqual({ action, rule });
  });

  it("never reads an allow rule this way", async () => {
    const ALLOW: PermissionMap = { "*": "ask", bash: { "*": "ask", "git commit -F *": "allow" } };
    expect(await decide(ALLOW, "git commit -q -F msg")).toEqual({ action: "ask", rule: "*" });
  });
});

describe("an allow is not reached through `..`", () => {
  const PREFIXED: PermissionMap = {
    "*": "ask",
    bash: {
      "*": "ask",
      "rm /tmp/builds/*": "allow",
      "cat docs/*": "allow",
      "cat docs/../README.md": "allow",
    },
  };
  it.each<[string, string, string | null]>([
    ["rm /tmp/builds/../../repo/important", "ask", "*"],
    ["cat docs/../../etc/shadow", "ask", "*"],
    ["cat docs/../src/a.ts", "ask", "*"],
    // Still under the folder the allow names, or written out by the allow itself.
    ["cat docs/a/../b.md", "allow", null],
    ["rm /tmp/builds/x", "allow", null],
    ["cat docs/../README.md", "allow", null],
    ["git log HEAD..origin/main", "ask", "*"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(PREFIXED, command)).toEqual({ action, rule });
  });
});

// G15 allow-star-spans-operands: an allow's `*` joined to a folder is about operands in that
// folder, not about any later word (traced: `cat docs/a ~/.ssh/id_rsa` reads the key).
describe("an allow whose `*` is joined to a folder does not take in other words", () => {
  const FOLDERS: PermissionMap = {
    "*": "ask",
    bash: {
      "*": "ask",
      "rm build/*": "allow",
      "cat docs/*": "allow",
      "git checkout feature/*": "allow",
      "npm run test*": "allow",
    },
  };
  it.each<[string, string, string | null]>([
    ["rm build/x -rf /home/user", "ask", "*"],
    ["rm build/x -rf /", "ask", "*"],
    ["cat docs/a /etc/shadow", "ask", "*"],
    ["cat docs/a ~/.ssh/id_rsa", "ask", "*"],
    ["git checkout feature/x -- .env", "ask", "*"],
    // Every word in the folder, or a `*` not joined to a folder, stays allowed.
    ["rm build/a build/b", "allow", null],
    ["cat docs/a.md", "allow", null],
    ["git checkout feature/x", "allow", null],
    ["npm run test -- --watch", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(FOLDERS, command)).toEqual({ action, rule });
  });
});

describe("a rule that writes the home directory as ~ or $HOME meets every spelling of it", () => {
  const HOME_RULES: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "rm ~/important/*": "deny", "cat $HOME/notes/*": "ask" },
  };
  it.each<[string, string, string | null]>([
    ["rm ~/important/a", "deny", "rm ~/important/*"],
    ["rm /home/user/important/a", "deny", "rm ~/important/*"],
    ["rm $HOME/important/a", "deny", "rm ~/important/*"],
    ["cd ~ && rm important/a", "deny", "rm ~/important/*"],
    ["cat ~/notes/x", "ask", "cat $HOME/notes/*"],
    ["cat /home/user/notes/x", "ask", "cat $HOME/notes/*"],
    ["rm /home/user/other/a", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(HOME_RULES, command)).toEqual({ action, rule });
  });
});

describe("a string that runs nothing is allowed", () => {
  it.each(["X=1", "# just a comment", "", "f() { git push; }"])("%j", async (command) => {
    expect((await decide(PERMISSIVE, command)).action).toBe("allow");
  });
});

describe("a program no table knows may run the command in its arguments", () => {
  it.each<[string, string, string | null]>([
    ["pkexec git push origin main", "ask", "git push *"],
    ["eatmydata npm publish", "ask", "npm publish*"],
    ["kubectl exec pod -- git push origin", "ask", "git push *"],
    ["./deploy.sh git push origin", "ask", "git push *"],
    // Nothing in its words starts a command an explicit rule refuses: the catch-all decides.
    ["mytool build --release", "allow", null],
    ["cargo test push", "allow", null],
    // Known programs: their words are data (echo, grep) or their inner command is a unit.
    ["echo git push origin", "allow", null],
    ["grep -r 'git push' docs", "allow", null],
    // An option or an assignment does not start a command.
    ["mytool --git push", "allow", null],
    // An option's value that is a whole command line is one: the analyzer reads it as the
    // script the program may hand to sh -c, so its command is a unit the deny rule meets.
    ["mytool --cmd='git push origin'", "deny", "git push *"],
    ["mytool -exec='npm publish'", "deny", "npm publish*"],
    ["mytool --note='a b'", "allow", null],
    ["mytool RUN='git push origin'", "ask", "git push *"],
    // A table's program under another path is not peeled: its words are searched.
    ["./node_modules/.bin/npx npm publish", "ask", "npm publish*"],
    ["./node_modules/.bin/npx npm@9 publish", "ask", "npm publish*"],
    ["./bin/env git push origin", "ask", "git push *"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(PERMISSIVE, command)).toEqual({ action, rule });
  });
});

describe("a spelling is met by rules that name something, never by the catch-all", () => {
  const EXACT: PermissionMap = {
    "*": "ask",
    bash: { "*": "ask", "rm build": "allow", "touch one": "allow", "rm /tmp/builds/*": "deny" },
  };
  it.each<[string, string, string | null]>([
    // The written words meet the explicit allow; their resolved spelling meets only `*`.
    ["rm build", "allow", null],
    ["touch one", "allow", null],
    // An explicit rule still meets a spelling (no evasion through a relative operand).
    ["cd /tmp && rm builds/x", "deny", "rm /tmp/builds/*"],
    ["rm other", "ask", "*"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(EXACT, command)).toEqual({ action, rule });
  });
});
