/**
 * Programs that open none of their operands and evaluate none of them: the names a glob among
 * their words expands to (`echo src/*`) are printed or compared, never opened. The analyzer's
 * table of commands whose operands are no files, less the builtins that read a file, assign a
 * name or evaluate a subscript (`history -r`, `read`, `let`, `test -v`); `printf` is one only
 * without `-v` (`printf -v 'a[$(…)]'` assigns and evaluates a subscript), which each reader
 * checks itself.
 */
export const NAMES_ONLY_PROGRAMS: ReadonlySet<string> = new Set([
  "echo",
  "printf",
  "true",
  "false",
  ":",
  "basename",
  "dirname",
  "seq",
  "sleep",
  "expr",
]);
