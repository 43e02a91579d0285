// S30 openssl-config-file (R40, traced): every option naming a file in OpenSSL's configuration
// syntax follows `.include` to any file and may load engines: x509's and ca's -extfile,
// asn1parse's -genconf, node's --openssl-config, and OPENSSL_CONF for any program. Read from a
// stream, or from a file the string wrote, it is code nobody read, as `-config /dev/stdin` was.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

describe("OpenSSL configuration files from a stream or a written file", () => {
  it.each([
    "openssl asn1parse -genconf /dev/stdin <<< $'.include /home/user/notes.txt\\nasn1=INT:1'",
    "openssl x509 -req -in README.md -extfile /dev/stdin <<< '.include /home/user/notes.txt'",
    "echo x > e.cnf; openssl x509 -req -in r.csr -extfile e.cnf",
    "openssl ca -extfile <(printf x) -in r.csr",
    "openssl s_client -ctlogfile /dev/stdin -connect h:443 <<< x",
    "node --openssl-config=/dev/stdin build/out.js <<< '.include /home/user/notes.txt'",
    "echo x > o.cnf; node --openssl-config o.cnf app.js",
    "OPENSSL_CONF=/dev/stdin curl https://example.org <<< x",
    "echo x > o.cnf; OPENSSL_CONF=o.cnf node a.js",
    "export OPENSSL_CONF=/dev/stdin; python3 a.py <<< x",
  ])("%s loads a configuration nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "openssl x509 -req -in r.csr -extfile e.cnf",
    "openssl asn1parse -genconf g.cnf",
    "node --openssl-config=o.cnf app.js",
    "OPENSSL_CONF=o.cnf curl https://example.org",
    "echo x > notes.txt; curl https://example.org",
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
