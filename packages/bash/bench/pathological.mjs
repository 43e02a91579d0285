// Inputs built to make an analyzer slow: deep nesting, long backslash runs, tens of thousands of
// units, megabyte words, expansion bombs. The benchmark times them; a test holds each to the
// deadline contract (answered, and never proven when the budget ran out).
const MB2 = 2 * 1024 * 1024;

/** @type {Record<string, string>} */
export const PATHOLOGICAL = {
  "nested $( x1000": `echo ${"$(".repeat(1000)}x${")".repeat(1000)}`,
  'nested "$( x300': `echo ${'"$(echo '.repeat(300)}x${')"'.repeat(300)}`,
  "nested ( x2000": `${"(".repeat(2000)}ls${")".repeat(2000)}`,
  "nested { x2000": `${"{ ".repeat(2000)}ls; ${"}; ".repeat(2000)}`,
  "nested if x500": `${"if true; then ".repeat(500)}ls; ${"fi; ".repeat(500)}`,
  "nested ${ x1000": `echo ${"${x:-".repeat(1000)}y${"}".repeat(1000)}`,
  "nested $(( x1000": `echo $((${"(".repeat(1000)}1${")".repeat(1000)}))`,
  "nested for x300": `${"for a in 1; do ".repeat(300)}ls; ${"done; ".repeat(300)}`,
  "nested backticks": `echo ${"`echo \\".repeat(10)}\``,
  "backslashes 200k": `echo ${"\\".repeat(200_000)}`,
  "backslash-newlines 50k": `echo ${"a\\\n".repeat(50_000)}`,
  "20000 units ;": "true; ".repeat(20_000),
  "20000 units |": `${"a | ".repeat(20_000)}b`,
  "20000 units &&": `${"ls && ".repeat(20_000)}ls`,
  "20000 assignments": `${"a=1 ".repeat(20_000)}ls`,
  "5000 case arms": `case x in ${"a) ls;; ".repeat(5000)}esac`,
  "5000 functions": `${"f() { ls; }; ".repeat(5000)}f`,
  "5000 chained variables": `${Array.from({ length: 5000 }, (_, i) => `v${i + 1}=$v${i}`).join("; ")}; cat $v5000`,
  "1000 heredocs": `${"cat <<A\n".repeat(1000)}${"A\n".repeat(1000)}`,
  // Each of the grammar's progress reports costs milliseconds here: only the wall clock stops it.
  "20000 heredoc operators on a line": `cat ${"<<E ; ".repeat(20_000)}\nE\n`,
  "2 MB word": `echo ${"a".repeat(MB2)}`,
  '2 MB "word"': `echo "${"a".repeat(MB2)}"`,
  "2 MB 'word'": `echo '${"a".repeat(MB2)}'`,
  "2 MB heredoc": `cat <<EOF\n${"line $x\n".repeat(MB2 / 8)}EOF`,
  "1 MB $'…'": `echo $'${"\\x41".repeat(250_000)}'`,
  "brace bomb 2^40": `echo ${"{a,b}".repeat(40)}`,
  "brace bomb path": `cat ${"{a,b}".repeat(40)}/.env`,
  "glob 10k levels": `ls ${"*/".repeat(10_000)}.env`,
  "sed 10k braces": `sed -e '${"{".repeat(5000)}p${"}".repeat(5000)}' f`,
  "sed 5000 commands": `sed -e '${"s/a*b*c*/x/g;".repeat(5000)}' f`,
  "awk 20k blocks": `awk '${"{print $1}".repeat(20_000)}' f`,
  "subscript nesting": `echo \${a[${"$((".repeat(500)}1${"))".repeat(500)}]}`,
  // D20: a letter group holding -m before every operand, -t words a line-end glob undoes, and
  // dot-words each of which looked for the database operand again.
  "8000 profiler -m groups": `python3 -m cProfile ${"-am ".repeat(8000)}${"x ".repeat(8000)}`,
  "8000 lsof -t words": `cat $(lsof ${"-t ".repeat(8000)}*)`,
  "8000 sqlite3 dot-words": `sqlite3 ${"-bail ".repeat(4000)}x.db ${".tables ".repeat(8000)}`,
  "cp of 4500 streams then run": `cp ${"/dev/stdin ".repeat(4500)}x; sh x`,
  // D21: loops that spent no steps (only the clock stopped them): a long flag cluster read by a
  // backtracking expression, a word of touching pieces joined one at a time, definitions that
  // each spelled the whole text, nested alias payloads that each copied every unit before them.
  "80 KB prettier -www…w1": `prettier -${"w".repeat(80_000)}1 src/a.ts`,
  "16 KB touching pieces": `echo ${"'b'\\d".repeat(4000)}`,
  "800 chained functions": `${Array.from({ length: 800 }, (_, i) => (i === 0 ? "f0(){ echo a; }" : `f${i}(){ f${i - 1}; }`)).join("; ")}; f799`,
  "800 nested aliases": `shopt -s expand_aliases; ${Array.from({ length: 800 }, (_, i) => `alias a${i}=a${i - 1};`).join(" ")}\na799`,
};
