import { describe, expect, it } from "vitest";
import { mayReadOtherwise, optionSynonymReading } from "../src/index.ts";

/**
 * G16 npm-alias-not-read-for-rule, npm-compound-command, npm-option-synonym,
 * docker-subcommand-alias, docker-option-synonym, git-builtin-synonym, git-composite-command:
 * npm, docker and git run one command under several names (`npm x` is `npm exec`, `npm it`
 * installs then tests, `docker volume remove` is `docker volume rm`, `docker buildx build` is
 * `docker build`, `git stage` is `git add`, `cargo b` is `cargo build`, `pnpm rm` is
 * `pnpm remove`); a deny or ask rule reads them as it names them.
 */
describe("a command under another name, written as the rule writes it", () => {
  it.each<[string, string, string | null]>([
    ["npm x --yes -- echo hi", "npm exec *", "npm exec -y -- echo hi"],
    ["npm --silent x cowsay", "npm exec *", "npm --silent exec cowsay"],
    ["npm cache clear --force", "npm cache clean *", "npm cache clean -f"],
    ["npm cache rm --force", "npm cache clean *", "npm cache clean -f"],
    ["npm set registry=http://evil", "npm config set *", "npm config set registry=http://evil"],
    ["npm c set a=b", "npm config set *", "npm config set a=b"],
    ["npm config rm a", "npm config delete *", "npm config delete a"],
    ["npm it", "npm install *", "npm install"],
    ["npm install-test x", "npm install *", "npm install x"],
    ["npm it x", "npm test", "npm test"],
    ["npm cit", "npm ci", "npm ci"],
    ["npm install-ci-test", "npm test", "npm test"],
    ["npm i --location=global x", "npm install -g *", "npm install -g x"],
    ["npm i --location global x", "npm install --global *", "npm install --global x"],
    // Other commands (read with npm's command word spelled out, still not the rule's).
    ["npm cache ls", "npm cache clean *", null],
    ["npm get registry", "npm config set *", "npm config get registry"],
    ["npm it x", "npm ci", null],
    ["npm i --location=project x", "npm install -g *", "npm install --location=project x"],
    ["npm i -- --location=global", "npm install -g *", "npm install -- --location=global"],
    ["docker volume remove x", "docker volume rm *", "docker volume rm x"],
    ["docker network remove x", "docker network rm *", "docker network rm x"],
    ["docker service remove x", "docker service rm *", "docker service rm x"],
    ["docker stack down x", "docker stack rm *", "docker stack rm x"],
    ["docker stack rm x", "docker stack down *", "docker stack down x"],
    ["docker volume list", "docker volume ls *", "docker volume ls"],
    ["docker buildx build .", "docker build *", "docker build ."],
    ["docker buildx b .", "docker build *", "docker build ."],
    ["docker builder build .", "docker build *", "docker build ."],
    ["docker buildx build .", "docker image build *", "docker image build ."],
    ["docker rm --force x", "docker rm -f *", "docker rm -f x"],
    ["docker container rm --force x", "docker rm -f *", "docker rm -f x"],
    ["docker rmi --force x", "docker rmi -f *", "docker rmi -f x"],
    ["docker compose down --volumes", "docker compose down -v*", "docker compose down -v"],
    ["docker volume ls", "docker volume rm *", null],
    ["docker buildx ls", "docker build *", null],
    ["docker stack deploy x", "docker stack rm *", null],
    ["docker rm x", "docker rm -f *", null],
    ["git stage x", "git add *", "git add x"],
    ["git remote rm origin", "git remote remove *", "git remote remove origin"],
    ["git stash pop --index", "git stash drop*", "git stash drop --index"],
    ["git pull --rebase", "git rebase *", "git rebase"],
    ["git pull -r origin main", "git rebase *", "git rebase"],
    ["git pull --rebase=interactive", "git rebase *", "git rebase"],
    ["git pull --rebase=false", "git rebase *", "git pull -r false"],
    ["git pull -Xtheirs origin", "git rebase *", null],
    ["git pull -- -r", "git rebase *", null],
    ["git stash apply", "git stash drop*", null],
    ["git remote add x y", "git remote remove *", null],
    // G16 cargo-alias, pm-subcommand-alias: the package managers' short command names.
    ["cargo b x", "cargo build *", "cargo build x"],
    ["cargo r x", "cargo run *", "cargo run x"],
    ["cargo rm x", "cargo remove *", "cargo remove x"],
    ["cargo +stable t x", "cargo test *", "cargo test x"],
    ["pnpm i x", "pnpm install *", "pnpm install x"],
    ["pnpm rm x", "pnpm remove *", "pnpm remove x"],
    ["pnpm up x", "pnpm update *", "pnpm update x"],
    ["bun i x", "bun install *", "bun install x"],
    ["bun rm x", "bun remove *", "bun remove x"],
    ["cargo c x", "cargo build *", null],
    ["pnpm i x", "pnpm remove *", null],
    // G16 kubectl-resource-list: a list of types, a type with its group, the `all` category.
    ["kubectl delete pod,svc x", "kubectl delete pod *", "kubectl delete pod x"],
    ["kubectl delete svc,po x", "kubectl delete pod *", "kubectl delete pod x"],
    [
      "kubectl delete deployments.apps x",
      "kubectl delete deployment *",
      "kubectl delete deployment x",
    ],
    ["kubectl delete all --all", "kubectl delete pod *", "kubectl delete pod --all"],
    ["kubectl delete cm,secret x", "kubectl delete pod *", null],
    ["kubectl delete all --all", "kubectl delete namespace *", null],
  ])("%s for %s is %s", (command, rule, expected) => {
    expect(mayReadOtherwise(command)).toBe(true);
    const reading = optionSynonymReading(command.split(" "), rule.split(" "));
    expect(reading === null ? null : reading.join(" ")).toBe(expected);
  });
});
