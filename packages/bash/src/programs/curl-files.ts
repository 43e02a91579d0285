import { type Word, wordFromText } from "../read/words.ts";

/**
 * The files curl opens through its own syntaxes inside one argument: a form field's files
 * (`-F 'f=@a,b;headers=@h'`) and its own globbing of upload names and URLs
 * (`-T '{a,b}'`, `file:///x/[1-3]`). Read from curl's tool_formparse.c and tool_urlglob.c
 * (7.88 to 8.x): what these functions cannot read exactly comes back as a computed word.
 */

const SPACE = /^[ \t\n\v\f\r]$/;

function isSpace(char: string | undefined): boolean {
  return char !== undefined && SPACE.test(char);
}

/** A word that stands for a file whose name the command does not show. */
export function computedFile(text: string): Word {
  return wordFromText(text, { computed: true });
}

/**
 * curl's `get_param_word`: a `"…"` word (with `\\` and `\"` escapes, the rest up to the next
 * `;` or `end` skipped) or the plain text up to `;` or `end`. Returns the word, whether it was
 * quoted, and the index it stops at.
 */
function paramWord(
  text: string,
  at: number,
  end: string,
): { word: string; quoted: boolean; next: number } {
  if (text[at] === '"') {
    let word = "";
    for (let i = at + 1; i < text.length; i++) {
      const char = text[i] as string;
      if (char === "\\" && (text[i + 1] === "\\" || text[i + 1] === '"')) {
        word += text[i + 1];
        i++;
        continue;
      }
      if (char === '"') {
        let next = i + 1;
        while (next < text.length && text[next] !== ";" && text[next] !== end) next++;
        return { word, quoted: true, next };
      }
      word += char;
    }
    // No closing quote: read as plain text.
  }
  let next = at;
  while (next < text.length && text[next] !== ";" && text[next] !== end) next++;
  return { word: text.slice(at, next), quoted: false, next };
}

/** A plain word loses its trailing blanks, a quoted one keeps them. */
function trimmed(word: { word: string; quoted: boolean }): string {
  return word.quoted ? word.word : word.word.replace(/[ \t\n\v\f\r]+$/, "");
}

/**
 * curl's `get_param_part`: the data word at `at`, then `;type=`, `;filename=`, `;encoder=`
 * and `;headers=` parameters (names in any case). `headers=@FILE` and `headers=<FILE` read
 * FILE. Returns the data, the header files, and the index of the separator it stopped at.
 */
function paramPart(
  text: string,
  start: number,
  end: string,
): { data: string; headerFiles: string[]; next: number } {
  let at = start;
  while (isSpace(text[at])) at++;
  const first = paramWord(text, at, end);
  const data = trimmed(first);
  const headerFiles: string[] = [];
  at = first.next;
  let contentType = false;
  while (text[at] === ";") {
    at++;
    while (isSpace(text[at])) at++;
    const rest = text.slice(at).toLowerCase();
    if (!contentType && rest.startsWith("type=")) {
      // The type runs to the next `;` or `end`; later parameters it does not name stay
      // part of it.
      contentType = true;
      at += 5;
      while (at < text.length && text[at] !== ";" && text[at] !== end) at++;
    } else if (rest.startsWith("headers=")) {
      contentType = false;
      at += 8;
      if (text[at] === "@" || text[at] === "<") {
        do at++;
        while (isSpace(text[at]));
        const file = paramWord(text, at, end);
        headerFiles.push(trimmed(file));
        at = file.next;
      } else {
        while (isSpace(text[at])) at++;
        at = paramWord(text, at, end).next;
      }
    } else if (rest.startsWith("filename=") || rest.startsWith("encoder=")) {
      contentType = false;
      at += rest.startsWith("filename=") ? 9 : 8;
      while (isSpace(text[at])) at++;
      at = paramWord(text, at, end).next;
    } else if (contentType) {
      while (at < text.length && text[at] !== ";" && text[at] !== end) at++;
    } else {
      at = paramWord(text, at, end).next;
    }
  }
  return { data, headerFiles, next: at };
}

/**
 * The files one `-F`/`--form` value makes curl read (`name=@file`, `name=@a,b`,
 * `name=@"quoted;name"`, `name=<file`, `;headers=@file` on any part). `-` is stdin.
 */
export function curlFormFiles(value: string): string[] {
  const equals = value.indexOf("=");
  if (equals < 0) return [];
  const contents = value.slice(equals + 1);
  const files: string[] = [];
  if (contents.startsWith("@")) {
    let at = 0;
    do {
      const part = paramPart(contents, at + 1, ",");
      files.push(part.data, ...part.headerFiles);
      at = part.next;
    } while (contents[at] === ",");
  } else if (contents.startsWith("<")) {
    const part = paramPart(contents, 1, "");
    files.push(part.data, ...part.headerFiles);
  } else if (equals === 0 && contents === ")") {
    return [];
  } else {
    files.push(...paramPart(contents, 0, "").headerFiles);
  }
  return files.filter((file) => file !== "-");
}

/** The most names one glob may stand for before it counts as unknown. */
const GLOB_LIMIT = 64;

/**
 * The names curl's own globbing (`{a,b}` sets; `\` escaping `{}[]`) makes of one upload name
 * or URL, or null when the text holds what this does not model (a `[…]` range, a named glob
 * `{<n>…}`, a malformed pattern, too many names). Text without `{}[]` is itself.
 */
export function curlGlobNames(text: string): string[] | null {
  if (!/[{}[\]]/.test(text)) return [text];
  let names = [""];
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char === "\\" && /[{}[\]]/.test(text[at + 1] ?? "")) {
      names = names.map((name) => name + text[at + 1]);
      at += 2;
    } else if (char === "[" && text[at + 1] === "]") {
      names = names.map((name) => `${name}[]`);
      at += 2;
    } else if (char === "[" || char === "]" || char === "}") {
      return null;
    } else if (char === "{") {
      if (text[at + 1] === "<" || text[at + 1] === "}") return null;
      const elements: string[] = [];
      let element = "";
      at++;
      for (;;) {
        const inner = text[at];
        if (inner === undefined || inner === "{" || inner === "[" || inner === "]") return null;
        if (inner === "}" || inner === ",") {
          elements.push(element);
          element = "";
          at++;
          if (inner === "}") break;
          continue;
        }
        if (inner === "\\" && text[at + 1] !== undefined) at++;
        element += text[at];
        at++;
      }
      if (names.length * elements.length > GLOB_LIMIT) return null;
      names = names.flatMap((name) => elements.map((element) => name + element));
    } else {
      names = names.map((name) => name + char);
      at++;
    }
  }
  return names;
}

/**
 * An upload name (`-T`) as the files curl opens: the names its globbing makes (the word
 * itself too when `-g` may turn the globbing off), a computed word when a glob character sits
 * in a word with an expansion or in a pattern this does not model.
 */
export function curlGlobWords(word: Word, globOff: boolean): Word[] {
  if (!/[{}[\]]/.test(word.text)) return [word];
  if (!word.literal) return [computedFile(word.text)];
  const names = curlGlobNames(word.text);
  if (names === null) return [computedFile(word.text)];
  // A leading `~` bash expanded stays the home folder in each name.
  const words = names.map((name) =>
    wordFromText(name, { tilde: word.tilde && name.startsWith("~") }),
  );
  return globOff ? [word, ...words] : words;
}
