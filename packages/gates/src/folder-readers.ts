// Tools of other servers that read every file of a folder they are given: a content search
// (Desktop Commander's `search_code`, mcp-ripgrep's `search`, Serena's `search_for_pattern`, a
// `grep` tool) returns the lines of each file below it, and a folder copy or archive
// (`copy_directory`, `zip_folder`) reads each one. Judging only the folder let such a call on
// `~/.ssh` or on the project (its `.env`) through, while Pi's own `grep` tool and bash's
// `grep -r` or `cp -r` on the same folder are judged on the files below it.

/** Words of a tool's own name (the part after its server's) that say it reads a folder's files. */
const FOLDER_READING_WORDS: ReadonlySet<string> = new Set([
  ...["search", "grep", "rg", "ripgrep", "ack", "ag", "find", "scan", "lookup"],
  ...["copy", "cp", "duplicate", "zip", "tar", "archive", "compress", "pack", "backup"],
]);

/** A name's words: apart at `_`, `-`, blanks and a capital after a small letter. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((word) => word !== "");
}

/**
 * Whether a tool of another server reads the files below a folder it is given, by its own
 * name (`mcp__desktop-commander__search_code`, `mcp__fs__copy_directory`, `searchFiles`).
 *
 * @example
 * ```ts
 * readsFolderFiles("mcp__ripgrep__search"); // true
 * readsFolderFiles("mcp__fs__read_file"); // false
 * ```
 */
export function readsFolderFiles(toolName: string): boolean {
  if (toolName.length > 256) return true;
  const own = toolName.split(/__|[:/.]/).at(-1) ?? toolName;
  return wordsOf(own).some((word) => FOLDER_READING_WORDS.has(word));
}
