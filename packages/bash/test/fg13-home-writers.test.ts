import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function writes(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths
    .filter((path) => path.access !== "read")
    .map((path) => path.path);
}

describe("docker trust and pip's and npm's cache commands write under home", () => {
  // strace: `docker trust key generate me` created /home/user/.docker/trust/private; `pip
  // cache purge` walked and removed /home/user/.cache/pip/{wheels,http}.
  it.each([
    ["docker trust key generate me", "/home/user/.docker"],
    ["docker trust key load README.md --name x", "/home/user/.docker"],
    ["docker trust signer add --key k.pub me repo/img", "/home/user/.docker"],
    ["docker trust sign repo/img:1", "/home/user/.docker"],
    ["pip cache purge", "/home/user/.cache/pip"],
    ["python3 -m pip cache remove 'numpy*'", "/home/user/.cache/pip"],
    ["npm cache clean --force", "/home/user/.npm"],
  ])("%s writes %s", async (command, path) => {
    expect(await writes(command)).toContain(path);
  });

  it.each([
    "docker trust inspect repo/img",
    "pip cache dir",
    "pip cache list",
    "docker ps",
    "npm cache clean --force --cache .npm-cache",
  ])("%s writes nothing under home", async (command) => {
    expect((await writes(command)).some((path) => path?.startsWith("/home/user"))).toBe(false);
  });
});
