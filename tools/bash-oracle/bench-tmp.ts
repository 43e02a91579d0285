import { BashOracle } from "./src/sandbox.ts";

const o = await BashOracle.start({});
const cmds = [
  "true",
  "cat .env | grep A > out",
  "echo hi",
  "ls src; head -1 README.md; git status --short",
];
for (const c of cmds) {
  await o.run(c);
  const t0 = performance.now();
  for (let i = 0; i < 15; i++) await o.run(c);
  console.log(((performance.now() - t0) / 15).toFixed(1), "ms", c);
}
await o.close();
