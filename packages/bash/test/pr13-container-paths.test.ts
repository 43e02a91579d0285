import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** Each path, a glob as its pattern (a folder written below: `docker cp c:/x ./logs`). */
async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.glob ?? null);
}

// strace: `docker cp api:/app/logs ./logs` and `docker run -v "$PWD":/app -w /app …` open only
// ~/.docker/config.json on the host; the daemon reads the container side in the container.
describe("a container tool's container-side paths are not host paths", () => {
  it.each([
    "docker cp api:/app/logs ./logs",
    "docker cp ./dist api:/app/dist",
    "docker container cp -a api:/etc/nginx ./nginx",
    "podman cp api:/app/logs ./logs",
    "kubectl cp default/api:/app/logs ./logs",
    "kubectl -n prod cp api:/var/log/app.log ./app.log -c web",
    'docker run --rm -v "$PWD":/app -w /app node:20 npm test',
    "docker run --rm --volume ./src:/app/src:ro node:20 ls",
    "docker run --rm --volume=./src:/app/src node:20 ls",
    'docker run --rm --mount type=bind,source="$PWD",target=/app node:20 npm test',
    "docker run --rm -v /data -v cache:/root/.cache alpine ls",
    "docker exec -w /srv/app api ls",
    "podman run --rm --workdir=/app -v .:/app node:20 npm test",
    // The command after the image (or the exec's container) runs in the container.
    "docker run --rm -v ./src:/app/src node:20 node /app/src/a.js",
    "docker run -it --rm -e NODE_ENV=test -p 3000:3000 --name web node:20 cat /etc/hosts",
    "docker exec -it api cat /var/log/app.log",
    "docker run --rm --platform=linux/amd64 alpine ls /root",
  ])("%s stays inside the folder", async (command) => {
    const found = await paths(command);
    expect(found.every((p) => p?.startsWith("/repo") === true)).toBe(true);
  });

  it.each([
    ["docker run --rm -v /etc:/x alpine ls", "/etc"],
    ["docker run --rm --volume=/etc:/x alpine ls", "/etc"],
    ["docker run --rm -v ~/.ssh:/root/.ssh alpine ls", "/home/user/.ssh"],
    ["docker run --rm --mount type=bind,source=/home/user,target=/h alpine ls", "/home/user"],
    ["docker run --rm --mount=type=bind,src=/etc,dst=/x alpine ls", "/etc"],
    ["docker cp api:/app/logs /tmp/logs", "/tmp/logs"],
    ["docker cp /home/user/.ssh/id_rsa api:/root/", "/home/user/.ssh/id_rsa"],
    ["kubectl cp /home/user/.aws/credentials api:/tmp/c", "/home/user/.aws/credentials"],
    ["docker --config /tmp/d run -v ./src:/app alpine ls", "/tmp/d"],
    // Options before the image that read host files stay paths.
    ["docker run --env-file /home/user/.env alpine ls /x", "/home/user/.env"],
    ["docker run --cidfile /tmp/cid alpine ls", "/tmp/cid"],
    // An option the list does not know may take the next word: the image is not known.
    ["docker run --bogus /home/user/x alpine ls /tmp/y", "/tmp/y"],
    ["docker run -itv /home/user:/h alpine ls /tmp/y", "/tmp/y"],
  ])("%s still names %s", async (command, path) => {
    expect(await paths(command)).toContain(path);
  });

  it.each([
    // The host side of a mount is a path whatever it expands to.
    'docker run --rm -v "$X":/app alpine ls',
    'docker run --rm --mount "type=bind,source=$X,target=/app" alpine ls',
    // An option of cp the reading does not know may take the next word: nothing is taken out.
    "docker cp --weird x:/../../home/user/.env .",
  ])("%s still asks for a path", async (command) => {
    const found = await paths(command);
    expect(found.some((p) => p === null || !p.startsWith("/repo"))).toBe(true);
  });

  it("a colon path other programs open stays a path", async () => {
    expect(await paths("cat api:/../../home/user/.env")).toContain("/home/user/.env");
    expect(await paths("java -cp .:/home/user/lib Main")).toContain("/home/user/lib");
  });
});
