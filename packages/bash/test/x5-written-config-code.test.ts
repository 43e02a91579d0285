import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the last unit whose words start with `words`. */
async function floorOf(command: string, words: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.filter((u) => u.argv.join(" ").startsWith(words)).pop();
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

const GIT_PUSH_JS = `echo 'require("child_process").execSync("git push origin main")'`;
const GIT_PUSH_PY = `echo 'import os; os.system("git push origin main")'`;

describe("a program no table knows, after the string wrote code under a name tools load", () => {
  // strace (E17): babel, postcss, tailwindcss, stylelint, lint-staged, tsup, pylint, mypy,
  // doit, foreman, honcho, tilt, conan, guard, cdk, premake5 each loaded the file the string
  // wrote by its conventional name and ran git push; pm2/forever/nodemon/zx/qjs/scrapy/
  // fastapi/marimo/panel/modal and ansible-playbook ran the file they were handed.
  it.each([
    [`${GIT_PUSH_JS} > babel.config.js; npx babel src -d lib`, "npx"],
    [`${GIT_PUSH_JS} > postcss.config.js; postcss-cli a.css -o b.css`, "postcss-cli"],
    [`${GIT_PUSH_JS} > tsup.config.js; tsup`, "tsup"],
    [`${GIT_PUSH_JS} > knexfile.js; knex migrate:latest`, "knex"],
    [`echo 'module.exports={"*":"git push"}' > .lintstagedrc.js; npx lint-staged`, "npx"],
    [`printf '[MAIN]\\ninit-hook=x\\n' > .pylintrc; pylint x.py`, "pylint"],
    [`printf '[mypy]\\nplugins = p\\n' > mypy.ini; mypy x.py`, "mypy"],
    [`${GIT_PUSH_PY} > dodo.py; doit`, "doit"],
    ["echo 'web: git push origin main' > Procfile; foreman start", "foreman"],
    ["echo 'web: git push origin main' > Procfile.dev; overmind start -f Procfile.dev", "overmind"],
    [`echo 'local("git push")' > Tiltfile; tilt ci`, "tilt"],
    [`echo '{"app":"git push origin main"}' > cdk.json; cdk synth`, "cdk"],
    [`echo 'os.execute("git push")' > premake5.lua; premake5 gmake2`, "premake5"],
    ["mkdir -p .mvn; echo '-l /tmp/mvn.log' > .mvn/maven.config; mvn -v", "mvn"],
    ["echo x > .husky/pre-commit; npx husky", "npx"],
    ["echo 'NODE_OPTIONS=x' > .env.local; npm run build", "npm"],
    ["mkdir -p debian; echo 'x' > debian/rules; dpkg-buildpackage -us -uc -b", "dpkg-buildpackage"],
    ['echo x > "$F"; babel src', "babel"],
    ["echo x > babel.config.js; timeout 10 npx babel src", "timeout"],
    ["f() { npx babel src -d lib; }; echo x > babel.config.js; f", "npx"],
    ["for i in 1 2; do npx babel src -d lib; echo x > babel.config.js; done", "npx"],
    ["echo x > .toolrc; tool", "tool"],
    ["mkdir h; echo x > h/.toolrc; HOME=g tool", "tool"],
    ["echo x > ~/.toolrc; tool", "tool"],
    ["echo x > x.c; tcc -o x x.c", "tcc"],
    [`${GIT_PUSH_JS} > x.js; pm2 start x.js`, "pm2"],
    [`${GIT_PUSH_JS} > x.mjs; zx x.mjs`, "zx"],
    [`${GIT_PUSH_PY} > x.py; marimo run x.py`, "marimo"],
    ["echo 'x' > f.txt; mytool --config=f.txt", "mytool"],
    ["printf -- '- hosts: all\\n' > p.yml; ansible-playbook p.yml", "ansible-playbook"],
  ])("%s floors %s", async (command, runner) => {
    expect(await floorOf(command, runner)).toBe("<opaque-bash-wrapper>");
  });

  // What must stay proven: programs that leave project code alone, writes that hold no code
  // the string authored, names no tool loads, and loaders whose tables read their operands.
  it.each([
    ["echo x > x.js; cat x.js; ls; grep -n x x.js; wc -l x.js; head x.js", "head"],
    ["echo x > x.py; sed -n 1p x.py", "sed -n"],
    ["for f in src/*.ts; do sed -i 's/a/b/' $f; done; sed -n 1p src/a.ts", "sed -n"],
    ["echo x > x.py; awk '{print}' x.py", "awk"],
    ["echo x > x.js && git add x.js && git commit -m x", "git commit"],
    ["echo hi > notes.txt; mytool run", "mytool"],
    ["echo '#!/bin/sh' > hook; chmod +x hook; sometool", "sometool"],
    ["echo x > main.tf; terraform fmt", "terraform"],
    ["echo x > s.sh; chmod +x s.sh; shellcheck --shell=bash s.sh", "shellcheck"],
    ["echo 'system(q(git push)); 1;' > strict.pm; PERL5LIB=lib shasum README.md", "shasum"],
    ["npm run build > build.log 2>&1; mytool build.txt", "mytool"],
    ["touch src/index.ts && npm run build", "npm"],
    ["npx prettier --write src/x.ts && npm test", "npm"],
    ["ruff check --fix src/ && pytest", "pytest"],
    ["ruff format src && mytool", "mytool"],
    ["npx vitest run src/a.test.ts && npm run build", "npm"],
    ["cmake -S . -B build && cmake --build build", "cmake --build"],
    ["gem install -i vendor/gems rake && cargo install --root tools ripgrep", "cargo"],
    ["echo node_modules >> .gitignore; docker build -t x .", "docker"],
    ["echo '{\"a\":1}' > data.json && python3 scripts/p.py data.json", "python3"],
    ["cat > requirements.txt <<'R'\nfastapi==0.110.0\nR\npip install -r requirements.txt", "pip"],
    [
      "sqlite3 app.db 'create table t(id int)' && sqlite3 app.db .tables && sqlite3 app.db .dump",
      "sqlite3 app.db .dump",
    ],
    ["cp .env.example .env && mytool", "mytool"],
    // Written outside the project: p.yml may include a y.yml of the project (S31
    // written-unnamed-load), but not one in /tmp it does not name.
    ["echo 'x' > /tmp/y.yml; ansible-playbook p.yml", "ansible-playbook"],
  ])("%s leaves %s proven", async (command, runner) => {
    expect(await floorOf(command, runner)).toBeNull();
  });
});
