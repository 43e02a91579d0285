/**
 * Command substitutions whose output shape is fixed by the program, not by data: the pieces
 * the trust lists share (unknown-words.ts PLAIN_WORDS_OUTPUT, evaluated.ts GLOB_FREE_OUTPUT,
 * paths.ts NAME_TOKEN_OUTPUT), so the lists agree on them (S30 inert-output, R42: `seq`,
 * `pgrep`, `date +%F` and `git rev-list -1` were trusted in no list or in one only). Each is a
 * regular expression source, anchored by the list that uses it. A program named here must also
 * be in walk.ts TRUSTED_OUTPUT_PROGRAMS, so a function or alias of that name voids the trust.
 */

/**
 * `date` conversions that print ASCII digits whatever the locale (LC_TIME, LOCPATH) and the
 * time zone: no name (`%a`, `%b`: a locale the string points LOCPATH at may spell any text),
 * no blank padding (`%e`, `%k`, `%l` print ` 5`), no zone (`%Z` is TZ's text, `%z` may start
 * with `-`), no `/` (`%D`). `%F` and `%T` join digits with `-` and `:`; the `-` flag only
 * drops the padding zeros.
 */
const DATE_DIGITS = "%-?[sYmdHMSFTyjuwNCGgVUWIR]";

/**
 * `date [-u] +FORMAT` (quoted or not) whose format starts with a digit conversion and holds
 * only those and `-_:.` letters and digits: one word of digits and those characters, never
 * starting with `-` or `.`, no blank, `/` or glob character. `date -I[TIMESPEC]` prints the
 * same kind of word (`2024-03-05T10:00:00+00:00`).
 */
const DATE_FORMAT = String.raw`\+${DATE_DIGITS}(?:${DATE_DIGITS}|[-_:.A-Za-z0-9])*`;
export const DATE_WORD = String.raw`date(?:[ \t]+(?:-u|--utc))*[ \t]+(?:${DATE_FORMAT}|'${DATE_FORMAT}'|"${DATE_FORMAT}"|-I(?:date|hours|minutes|seconds|ns)?|--iso-8601(?:=(?:date|hours|minutes|seconds|ns))?)`;

/**
 * {@link DATE_WORD} without `:` (no `%T`, `%R`, `-Iseconds`), for words git reads as revisions:
 * `date +%H:.env` would print `10:.env`, the committed .env of a ref named `10`.
 */
const DATE_REVISION_DIGITS = "%-?[sYmdHMSFyjuwNCGgVUWI]";
const DATE_REVISION_FORMAT = String.raw`\+${DATE_REVISION_DIGITS}(?:${DATE_REVISION_DIGITS}|[-_.A-Za-z0-9])*`;
export const DATE_REVISION_WORD = String.raw`date(?:[ \t]+(?:-u|--utc))*[ \t]+(?:${DATE_REVISION_FORMAT}|'${DATE_REVISION_FORMAT}'|"${DATE_REVISION_FORMAT}"|-Idate|--iso-8601(?:=date)?)`;

/**
 * `seq` with one to three non-negative integers written out and no option: one decimal number
 * a line (`-s` and `-f` would print any text, a negative bound a word starting with `-`).
 */
export const SEQ_NUMBERS = String.raw`seq(?:[ \t]+[0-9]{1,18}){1,3}`;

/**
 * `pgrep` printing process ids (or, `-c`, their count), one a line: only options that choose
 * processes (`-l`, `-a` print names and command lines, `-d` any separator), values and the
 * pattern starting with no `-` (a quoted `'-l'` is still the option).
 */
export const PGREP_PIDS = String.raw`pgrep(?:[ \t]+(?:-[fxnoivcwA]+|-[uUgGPst][ \t]+[A-Za-z0-9_.,]+))*(?:[ \t]+(?:'(?!-)[^'\\]*'|"(?!-)[^"$\x60\\!]*"|(?!-)[^\s;&|<>()$\x60'"\\*?[\]{}~#]+))?`;

/**
 * One object name: `git merge-base A B…` (no option: `--all` prints several) and
 * `git rev-list -1 REV…` print one commit id or nothing; neither prints a revision back as
 * written (an unknown one is an error on stderr), so the revisions may be any plain word.
 */
const GIT_REV_WORD = "[A-Za-z0-9_./~^@{}][A-Za-z0-9_./~^@{}-]*";
export const GIT_ONE_ID = String.raw`git[ \t]+(?:merge-base(?:[ \t]+${GIT_REV_WORD}){2,}|rev-list[ \t]+(?:-1|-n[ \t]*1|--max-count=1)(?:[ \t]+${GIT_REV_WORD})+)`;

/**
 * Ref-name listings (S32 F-prec2 gitref-loop: `for t in $(git tag)` asked): `git tag` listing
 * (no `-n`, `-v`, `-d`, `-m` or `--format` other than a ref name's), and `git branch` /
 * `git for-each-ref` with a `--format` of `%(refname…)` alone (plain `git branch` marks the
 * current branch with `*`). Each prints ref names, one a line. git check-ref-format refuses in a
 * ref name blanks, control characters, `~ ^ : ? * [ \`, `..`, `@{`, `//` and a component
 * starting with `.`; git skips a ref with such a broken name when it lists refs. So the words
 * hold no `*`, `?` or `[` (they do not glob without extglob) and are never absolute. They may
 * still start with `-` or hold `/`, `(`, `!`, `@`, `+` (an extglob group where the string turns
 * extglob on): only {@link GLOB_FREE_OUTPUT}-like lists may take them, never a name-token or
 * option-free list. `git branch --format` lists a detached HEAD as `(HEAD detached at abc)`:
 * words of the same characters.
 */
const REF_FORMAT = String.raw`%\(refname(?::(?:short|[lr]?strip=-?[0-9]+))?\)`;
const REF_FORMAT_OPTION = String.raw`--format=(?:'${REF_FORMAT}'|"${REF_FORMAT}")`;
/** A pattern or revision operand: written out, or single-quoted (git matches it, not bash). */
const REF_OPERAND = String.raw`(?:[A-Za-z0-9_./@^][A-Za-z0-9_./@^-]*|'[^'\\]*')`;
const REF_FILTER = String.raw`--(?:merged|no-merged|contains|no-contains|points-at|ignore-case|no-column|sort=-?[a-z:]+)`;
const TAG_WORD = String.raw`(?:-l|--list|-i|${REF_FILTER}|${REF_FORMAT_OPTION}|${REF_OPERAND})`;
const BRANCH_WORD = String.raw`(?:-a|--all|-r|--remotes|-l|--list|-i|${REF_FILTER}|${REF_OPERAND})`;
const EACH_REF_WORD = String.raw`(?:--count=[0-9]+|--exclude=${REF_OPERAND}|${REF_FILTER}|${REF_OPERAND})`;
export const GIT_REF_NAMES = String.raw`git[ \t]+(?:tag(?:[ \t]+${TAG_WORD})*|branch(?:[ \t]+${BRANCH_WORD})*[ \t]+${REF_FORMAT_OPTION}(?:[ \t]+${BRANCH_WORD})*|for-each-ref(?:[ \t]+${EACH_REF_WORD})*[ \t]+${REF_FORMAT_OPTION}(?:[ \t]+${EACH_REF_WORD})*)`;

/**
 * Listings of non-negative decimal numbers, one a line: {@link SEQ_NUMBERS} (seq prints its
 * integer operands' range with `%.0Lf`, no sign, no padding) and {@link PGREP_PIDS}. Split by
 * the default IFS, each word is one number.
 */
export const NUMBER_LISTING = new RegExp(String.raw`^\s*(?:${SEQ_NUMBERS}|${PGREP_PIDS})\s*$`);

/**
 * What a `for` variable over one {@link NUMBER_LISTING} holds each round, written as a
 * substitution every trust list reads as that shape (S32 F-prec2 seq-loop: `for i in
 * $(seq 1 5); do touch "f$i.txt"; done` asked <computed-path>): one word of ASCII digits, never
 * empty (an empty listing runs no round), never starting with `-`. `date +%s` prints such a
 * word and is trusted as one by paths.ts NAME_TOKEN_OUTPUT, unknown-words.ts and evaluated.ts;
 * the whole listing (`$(seq 1 5)`) would not do, as its words joined hold newlines.
 */
export const ONE_NUMBER_WORD = "$(date +%s)";
