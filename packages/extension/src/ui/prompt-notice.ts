// The terminal notification when a permission prompt opens (`promptNotification`). Its text is
// fixed: a notification leaves the terminal (a desktop banner, a phone), so it never carries
// the command, the path or any other input of the call.
import type { PromptNotification } from "@pi-permission/policy";

/** The one text every notification carries. */
export const PROMPT_NOTICE_TEXT = "Pi needs your permission";

/**
 * The bytes that raise the notification: BEL, OSC 9 (iTerm2, WezTerm, Windows Terminal,
 * kitty) or OSC 777 (rxvt-unicode, foot, Ghostty); `""` when it is off. None of them moves the
 * cursor or draws, so writing one between two renders of the TUI leaves the screen as it is.
 *
 * @example
 * ```ts
 * promptNotice("osc9"); // "\x1b]9;Pi needs your permission\x07"
 * ```
 */
export function promptNotice(kind: PromptNotification): string {
  switch (kind) {
    case "off":
      return "";
    case "bell":
      return "\x07";
    case "osc9":
      return `\x1b]9;${PROMPT_NOTICE_TEXT}\x07`;
    case "osc777":
      return `\x1b]777;notify;Pi;${PROMPT_NOTICE_TEXT}\x07`;
  }
}

/** Write the notification, if any, to the terminal. */
export function notifyPromptOpened(
  kind: PromptNotification,
  terminal: { write(data: string): void },
): void {
  const notice = promptNotice(kind);
  if (notice !== "") terminal.write(notice);
}
