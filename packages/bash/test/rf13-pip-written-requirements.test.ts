// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function floored(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel !== null);
}

describe("pip -r on a requirements file whose whole text the string wrote", () => {
  // Only names, extras, versions, markers and comments: pip fetches those packages and reads
  // no option, file or URL from the file.
  it.each([
    "cat > requirements.txt <<'REQ'\nfastapi==0.110.0\nREQ\npip install -r requirements.txt",
    "cat > requirements.txt <<EOF\nfastapi==0.110.0\nuvicorn[standard] >=0.29, <1  # server\n\nEOF\npip install -r requirements.txt",
    "echo 'requests; python_version >= \"3.8\"' > req.txt && python3 -m pip install -r req.txt",
    "cat > c.txt <<'C'\nurllib3<2\nC\nuv pip install -c c.txt requests",
  ])("%s is proven", async (command) => {
    expect(await floored(command)).toBe(false);
  });

  it.each([
    // An option line, a per-requirement option, a URL or path, a variable pip expands, a
    // continuation, text nobody knows, a second write nobody knows.
    "cat > req.txt <<'R'\nflask\n-e .\nR\npip install -r req.txt",
    "cat > req.txt <<'R'\n  -r /home/user/notes.txt\nR\npip install -r req.txt",
    "echo 'flask --hash=sha256:0' > req.txt; pip install -r req.txt",
    "echo 'x @ file:///home/user/x' > req.txt; pip install -r req.txt",
    "echo './vendor/x' > req.txt; pip install -r req.txt",
    "echo 'flask#-r x' > req.txt; pip install -r req.txt",
    "cat > req.txt <<'R'\n${X}\nR\npip install -r req.txt",
    "cat > req.txt <<'R'\nflask \\\n--index-url=http://x\nR\npip install -r req.txt",
    "printf flask > req.txt; pip install -r req.txt",
    "echo flask > req.txt; echo '-r ~/x' >> req.txt; pip install -r req.txt",
    // `>>` goes on in a text nobody knows: a last line with no newline takes it.
    "echo 'x==1' >> req.txt; pip3 install -qr req.txt",
    "echo flask > req.txt; cp notes.txt req.txt; pip install -r req.txt",
    "echo flask > req.txt 2>x; pip install -r req.txt",
    // cat copies the last input it is given.
    "echo '-r /home/user/x' > o; cat <<'R' < o > req.txt\nflask\nR\npip install -r req.txt",
    "echo '-r /home/user/x' > o; exec 3< o; cat <<'R' <&3 > req.txt\nflask\nR\npip install -r req.txt",
    // A function named like the writer writes something else.
    "echo() { printf -- '-r /home/user/x\\n'; }; echo flask > req.txt; pip install -r req.txt",
    "cat() { printf -- '-e .\\n'; }; cat > req.txt <<'R'\nflask\nR\npip install -r req.txt",
  ])("%s is floored", async (command) => {
    expect(await floored(command)).toBe(true);
  });
});
