import { type Piece, type Word, wordFromPieces } from "../read/words.ts";

/**
 * An assignment value with its tildes expanded as bash expands them there: not only a `~`
 * that starts the value but one after every unquoted `:` (`x=a:~/b`, `PATH=$PATH:~/bin`,
 * `export x=a:~+/f`), up to the next unquoted `/` or `:`. Bash does the same to a command's
 * argument spelled as an assignment (`echo x=a:~/b`, `env X=~/b`) outside POSIX mode.
 *
 * `from` is where the value starts in the first piece's raw text (after `NAME=`); `folder`
 * answers what a tilde prefix (`~`, `~+`, `~-`, `~user`) names, null when the string does
 * not decide it. The word comes back computed when a prefix names a folder not decided, or
 * is written so that bash's reading of it is not followed here (a quote or an expansion
 * inside the prefix: `:~"/b"` stays as written, `:~$u` too); unchanged when it holds no
 * such tilde.
 */
export function assignmentTildes(
  word: Word,
  from: number,
  folder: (prefix: string) => string | null,
): Word {
  const pieces = word.pieces;
  if (pieces === undefined) {
    // A word rebuilt from others: only its text is left to tell.
    const value = word.text.slice(from);
    return value.startsWith("~") || value.includes(":~") ? computed(word) : word;
  }
  const out: Piece[] = [];
  let changed = false;
  // Whether the next character follows an unquoted `:` or starts the value.
  let after = true;
  for (let p = 0; p < pieces.length; p++) {
    const piece = pieces[p] as Piece;
    if (piece.kind !== "unquoted") {
      out.push(piece);
      after = false;
      continue;
    }
    const raw = piece.raw ?? piece.text;
    let i = p === 0 ? from : 0;
    if (p === 0 && from > 0) out.push(unquotedPiece(raw.slice(0, from)));
    let start = i;
    while (i < raw.length) {
      const c = raw[i] as string;
      if (c === "\\") {
        after = false;
        i += 2;
        continue;
      }
      if (c === "~" && after) {
        let end = i + 1;
        while (end < raw.length && !/[/:\\]/.test(raw[end] as string)) end++;
        // A quote, an escape or an expansion inside the prefix: bash leaves it as written,
        // which is not worth following.
        if (raw[end] === "\\" || (end === raw.length && p + 1 < pieces.length)) {
          return computed(word);
        }
        const expansion = folder(raw.slice(i, end));
        if (expansion === null) return computed(word);
        if (i > start) out.push(unquotedPiece(raw.slice(start, i)));
        // What a tilde expands to is neither split nor matched as a pattern.
        out.push({ kind: "quoted", text: expansion });
        changed = true;
        i = end;
        start = end;
        after = false;
        continue;
      }
      after = c === ":";
      i++;
    }
    if (start < raw.length) out.push(unquotedPiece(raw.slice(start)));
  }
  if (!changed) return word;
  return { ...wordFromPieces(out, word.start, word.end), written: word.written ?? word.text };
}

function unquotedPiece(raw: string): Piece {
  return { kind: "unquoted", text: raw.replace(/\\(.)/gs, "$1"), raw };
}

/**
 * The word with the `NAME=` (`NAME+=`, `NAME[…]=`) its unquoted start spells joined into its
 * first piece, and where the value starts there; null when it spells none. The grammar
 * splits `a[1]=~/x` into pieces at the brackets; bash reads the name whole.
 */
export function assignmentShaped(word: Word): { word: Word; from: number } | null {
  const pieces = word.pieces;
  if (pieces === undefined || pieces[0]?.kind !== "unquoted") return null;
  let raw = "";
  let count = 0;
  while (count < pieces.length && pieces[count]?.kind === "unquoted") {
    const piece = pieces[count] as Piece;
    raw += piece.raw ?? piece.text;
    count++;
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.exec(raw);
  if (name === null) return null;
  if (name[0].length <= ((pieces[0] as Piece).raw ?? (pieces[0] as Piece).text).length) {
    return { word, from: name[0].length };
  }
  const joined = [unquotedPiece(raw), ...pieces.slice(count)];
  return {
    word: { ...wordFromPieces(joined, word.start, word.end), written: word.written ?? word.text },
    from: name[0].length,
  };
}

function computed(word: Word): Word {
  return { ...word, literal: false, pieces: undefined };
}
