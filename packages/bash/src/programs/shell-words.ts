/** Bash's builtins and reserved words (bash 5.2): bash runs these before any program. */
export const SHELL_WORDS: ReadonlySet<string> = new Set([
  ...[".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command"],
  ...["compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo"],
  ...["enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash"],
  ...["help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd"],
  ...["printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift"],
  ...["shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset"],
  ...["ulimit", "umask", "unalias", "unset", "wait"],
  ...["!", "[[", "]]", "{", "}", "case", "coproc", "do", "done", "elif", "else", "esac"],
  ...["fi", "for", "function", "if", "in", "select", "then", "time", "until", "while"],
]);
