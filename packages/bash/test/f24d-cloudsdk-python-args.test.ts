// R24 cloudsdk-python-args (wrong allows under P3, traced under bash 5.2 in the oracle): the
// Cloud SDK launchers end in `exec "$CLOUDSDK_PYTHON" $CLOUDSDK_PYTHON_ARGS …/X.py "$@"`
// (gsutil and bq prefer CLOUDSDK_GSUTIL_PYTHON / CLOUDSDK_BQ_PYTHON): `CLOUDSDK_PYTHON=git
// CLOUDSDK_PYTHON_ARGS=push gsutil version` ran `git push …/gsutil.py version`. The program and
// its unquoted argument words are one command line (walk/program-args.ts).
import { describe, expect, it } from "vitest";
import { runs, unproven } from "./helpers.ts";

describe("a Cloud SDK launcher's python and its arguments are one command line", () => {
  it.each([
    "CLOUDSDK_PYTHON=git CLOUDSDK_PYTHON_ARGS=push gsutil version",
    "CLOUDSDK_PYTHON=git CLOUDSDK_PYTHON_ARGS=push bq version",
    "CLOUDSDK_GSUTIL_PYTHON=git CLOUDSDK_PYTHON_ARGS=push gsutil version",
    "CLOUDSDK_BQ_PYTHON=git CLOUDSDK_PYTHON_ARGS='push origin' bq version",
    "export CLOUDSDK_PYTHON=git CLOUDSDK_PYTHON_ARGS=push; bq version",
    "CLOUDSDK_PYTHON=git; export CLOUDSDK_PYTHON_ARGS=push; gcloud version",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    // With the default python, arguments may run code (`-c`) or are only known at run time.
    "CLOUDSDK_PYTHON_ARGS='-c exec(chr(1))' gsutil version",
    'CLOUDSDK_PYTHON_ARGS="$A" gsutil version',
    'CLOUDSDK_PYTHON="$P" CLOUDSDK_PYTHON_ARGS=-S gsutil version',
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("runs a program named alone", async () => {
    expect(
      await runs("CLOUDSDK_PYTHON=git CLOUDSDK_PYTHON_ARGS=-S gsutil version", "git", "-S"),
    ).toBe(true);
  });

  it.each([
    "CLOUDSDK_PYTHON=python3 CLOUDSDK_PYTHON_ARGS=-S gsutil version",
    "CLOUDSDK_PYTHON_ARGS=-sE gsutil version",
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
