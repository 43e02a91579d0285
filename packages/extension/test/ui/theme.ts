// Pi's real dark theme for UI tests, so colours are asserted against the escape codes Pi
// itself would draw. `initTheme` loads a bundled theme without a terminal; the package index
// does not export the instance it creates, only the global key it is stored under.
import { initTheme, Theme } from "@earendil-works/pi-coding-agent";
import { stripTerminalSequences } from "@earendil-works/pi-tui";

const THEME_KEY = Symbol.for("@earendil-works/pi-coding-agent:theme");

/** Pi's built-in dark theme. */
export function darkTheme(): Theme {
  initTheme("dark");
  const theme: unknown = (globalThis as Record<symbol, unknown>)[THEME_KEY];
  if (!(theme instanceof Theme)) throw new Error("initTheme did not install a Theme instance");
  return theme;
}

/** The lines as the terminal shows them: escape codes removed, trailing padding trimmed. */
export function plainLines(lines: readonly string[]): string[] {
  return lines.map((line) => stripTerminalSequences(line).trimEnd());
}
