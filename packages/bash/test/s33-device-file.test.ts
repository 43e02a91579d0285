import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S33 device-file (r33d): `head -c 16 /dev/urandom | base64` asked as a read outside the
// project, while /dev/null is no file at all. Traced under bash 5.2: head reads 16 bytes of
// /dev/urandom and base64 prints them; nothing else is opened. Reading /dev/urandom,
// /dev/random or /dev/zero gives bytes the device makes and touches nothing of the user's, so
// such a read names no path now. Writing, removing or linking one, and any other device (a
// socket under /dev/tcp, a descriptor, a disk, /dev/mem), is judged as before.

describe("s33: reading a byte-source device names no file", () => {
  it.each([
    "head -c 16 /dev/urandom | base64",
    "od -An -N4 -tu4 /dev/urandom",
    "tr -dc a-z0-9 < /dev/urandom | head -c 12",
    "dd if=/dev/zero of=out.bin bs=1k count=1",
    "head -c 8 /dev/random",
  ])("%s is allowed", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    "cat /dev/tcp/example.com/80",
    "cat /dev/sda",
    "cat /dev/mem",
    "cat /dev/urandom/../sda",
    "head -c 16 /dev/urandomx",
    "ln -sf /etc/passwd /dev/zero",
    "echo x > /dev/zero",
    "mv /dev/zero /tmp/z",
    "cp /dev/zero ~/.bashrc",
    "cat /dev/urandom > .env",
  ])("%s is not allowed", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });
});
