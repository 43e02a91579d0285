import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("a HotSpot hook option runs its command through sh", () => {
  // strace (E17): java -Xmx8m -XX:OnOutOfMemoryError='git push origin main' … ran
  // /bin/sh -c 'git push origin main' on the out-of-memory error; jdeps -J-XX:… the same;
  // -XX:OnError with -XX:+CrashOnOutOfMemoryError too. The JVM splits CMD at each `;`.
  it.each([
    ["java -Xmx8m -XX:OnOutOfMemoryError='git push origin main' -version", "git push origin main"],
    ["java '-XX:OnError=npm publish' -version", "npm publish"],
    ["jdeps -J-Xmx8m -J-XX:OnOutOfMemoryError='git push origin main' -s x", "git push origin main"],
    ["java '-XX:OnError=x '\\'';git push origin main;'\\' -version", "git push origin main"],
  ])("%s runs %s", async (command, inner) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((u) => u.argv.join(" "))).toContain(inner);
    expect(analysis.units[0]?.sentinel).toBe("<opaque-bash-wrapper>");
  });

  it.each(["java -Xmx8m -version", "java -XX:+UseG1GC -jar app.jar", "jdeps -J-Xmx8m -s x"])(
    "%s runs no hook",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units).toHaveLength(1);
      expect(analysis.units[0]?.sentinel ?? null).toBeNull();
    },
  );

  it("a hook known only at run time is code nobody read", async () => {
    const analysis = await analyze('java "-XX:OnError=$CMD" -version');
    expect(analysis.units[0]?.sentinel).toBe("<opaque-bash-wrapper>");
  });
});
