import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floored(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel !== null);
}

describe("the command of a container exec starts after the container", () => {
  // `docker exec [OPTIONS] CONTAINER COMMAND…`: a word before the command is an option's value
  // or the container, so `psql -U postgres -c …` is psql's own line, not the postgres server
  // given a setting (which is floored).
  it.each([
    "docker compose exec db psql -U postgres -c 'select 1'",
    "docker exec -it db psql -U postgres -c 'select 1'",
    "docker-compose -f dc.yml exec -T db psql -U postgres -c 'select 1'",
    "podman exec -it -u root db psql -U postgres -c 'select 1'",
    "docker exec --user=app -e PGPASSWORD=x db psql -U postgres -c 'select 1'",
    "kubectl exec -it pg-0 -- psql -U postgres -c 'select 1'",
  ])("%s is psql's", async (command) => {
    expect(await floored(command)).toBe(false);
  });

  it.each([
    // The command itself still counts, and a program nobody knows may run any later word.
    "docker exec -u postgres db postgres -c x",
    "docker exec db foo postgres -c x",
    "docker exec db sh -c 'git push'",
    "docker compose exec db bash -c 'rm -rf /'",
    "docker exec db psql -c '\\! rm x'",
    "kubectl exec pg-0 -- sh -c 'git push'",
    // An option this reading does not know: every later word is searched as before.
    "docker exec --weird db psql -U postgres -c x",
    "podman exec --latest psql -U postgres -c x",
  ])("%s is still floored", async (command) => {
    expect(await floored(command)).toBe(true);
  });
});
