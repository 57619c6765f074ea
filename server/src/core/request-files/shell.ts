import { Pacer, runToEnd, type Steps } from './steps';
import { MAX_COMMAND_LENGTH, MAX_REQUESTS, mayBeDirective, type Span } from './types';

/**
 * Shell text read as a POSIX shell reads it, once from start to end (linear time, no recursion, so
 * neither long lines nor deep nesting can stall or overflow it): words split on blanks and operators
 * (`;` `&` `|` `(` `)` `<` `>` and line ends), quotes and backslash escapes, `\` at the end of a line
 * continuing the command, `#` comments at the start of a word, here-documents (their lines are data),
 * and the commands inside `$(…)`, `` `…` `` and `(…)`, also inside double quotes. A word keeps `$name`,
 * `${…}` and a command substitution (as `$(…)`) as written, so that a variable stays recognisable.
 */
export interface Word {
  value: string;
  offset: number;
  length: number;
}
export interface Command {
  words: Word[];
  offset: number;
  end: number;
}
/** A variable assigned in the script (`name=value`, `export name=value`, …): its last value and how often it is assigned. */
export interface Assignment {
  value: string;
  offset: number;
  count: number;
}
export interface ShellScan {
  /** The commands with a `wanted` word (only those are held: a script can have millions of commands). */
  commands: Command[];
  assignments: Map<string, Assignment>;
  /** `#` comments that may be suppression comments, from the `#` to the end of their line. */
  comments: Span[];
  /** Commands with a `wanted` word longer than MAX_COMMAND_LENGTH: not read. */
  tooLong: Span[];
  /** Where the first command with a `wanted` word past MAX_REQUESTS of them starts: it and the later ones are not kept. */
  tooMany?: number;
}

interface Frame {
  /** What ends this level: end of text, `)` (subshell, `$(…)`), or a backtick. */
  closer: '' | ')' | '`';
  words: Word[];
  /** The word being read, when one is. */
  word?: { value: string; offset: number };
  /** Inside double quotes at this level. */
  quoted: boolean;
  /** The next word is the target of a redirection, not an argument. */
  redirect: boolean;
  /** The command grew past MAX_COMMAND_LENGTH: its words are no longer kept. */
  overflow: boolean;
  /** Where its first word starts, and whether a word of it is wanted. */
  start: number;
  wanted: boolean;
}

const DECLARATIONS = new Set(['export', 'local', 'readonly', 'declare', 'typeset']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/** Notes the assignments of a command made of assignments only (after `export`, `local`, … and their options). */
function noteAssignments(words: Word[], into: Map<string, Assignment>): void {
  let i = DECLARATIONS.has(words[0].value) ? 1 : 0;
  while (i > 0 && i < words.length && words[i].value.startsWith('-')) i++;
  const found: Array<[string, Word]> = [];
  for (; i < words.length; i++) {
    const m = ASSIGNMENT.exec(words[i].value);
    if (!m) {
      // `name=value command …` sets the variable for that command only, and the command sees the old value
      // in its words: the name counts as assigned again, so its value is never trusted.
      for (const [name, w] of found) into.set(name, { value: '', offset: w.offset, count: 2 });
      return;
    }
    found.push([m[1], words[i]]);
  }
  for (const [name, w] of found) {
    const before = into.get(name);
    into.set(name, { value: w.value.slice(name.length + 1), offset: w.offset, count: (before?.count ?? 0) + 1 });
  }
}

const BLANK = ' \t\r';
/** Levels of `$(…)`, backticks and subshells read as such; deeper ones are read as text of the word (real scripts nest two or three). */
const MAX_NESTING = 64;
const OPERATOR = ';&|()<>';

export const scanShell = (whole: string, wanted: (word: string) => boolean, from = 0, to = whole.length): ShellScan =>
  runToEnd(scanShellSteps(whole, wanted, from, to));

/** scanShell in slices (see steps.ts). */
export function* scanShellSteps(whole: string, wanted: (word: string) => boolean, from = 0, to = whole.length): Steps<ShellScan> {
  // Searches never look past the end of the part read (a fenced block of a runbook).
  const text = to < whole.length ? whole.slice(0, to) : whole;
  const commands: Command[] = [];
  const comments: Span[] = [];
  const tooLong: Span[] = [];
  let tooMany: number | undefined;
  const assignments = new Map<string, Assignment>();
  const stack: Frame[] = [{ closer: '', words: [], quoted: false, redirect: false, overflow: false, start: -1, wanted: false }];
  let top = stack[0];
  const heredocs: Array<{ delimiter: string; stripTabs: boolean }> = [];
  const endWord = (at: number): void => {
    const w = top.word;
    if (!w) return;
    top.word = undefined;
    if (top.redirect) {
      top.redirect = false;
      return;
    }
    if (top.start < 0) top.start = w.offset;
    if (!top.wanted && wanted(w.value)) top.wanted = true;
    if (top.overflow || at - top.start > MAX_COMMAND_LENGTH) {
      top.overflow = true;
      top.words = [];
      return;
    }
    top.words.push({ value: w.value, offset: w.offset, length: at - w.offset });
  };
  const endCommand = (at: number): void => {
    endWord(at);
    if (top.overflow || (top.start >= 0 && at - top.start > MAX_COMMAND_LENGTH)) {
      if (top.wanted) tooLong.push({ offset: top.start, length: at - top.start });
    } else if (top.words.length) {
      if (top.wanted && commands.length < MAX_REQUESTS) commands.push({ words: top.words, offset: top.start, end: at });
      else if (top.wanted) tooMany ??= top.start;
      noteAssignments(top.words, assignments);
    }
    top.words = [];
    top.redirect = false;
    top.overflow = false;
    top.start = -1;
    top.wanted = false;
  };
  const append = (s: string, at: number): void => {
    if (top.word) {
      if (top.word.value.length <= MAX_COMMAND_LENGTH) top.word.value += s;
    } else top.word = { value: s, offset: at };
  };
  const push = (closer: ')' | '`', at: number): void => {
    if (stack.length > MAX_NESTING) {
      append(closer === ')' ? '(' : '`', at);
      return;
    }
    top = { closer, words: [], quoted: false, redirect: false, overflow: false, start: -1, wanted: false };
    stack.push(top);
  };
  /** Leaves a nested level: its commands are done, and the enclosing word holds `$(…)` in its place. */
  const pop = (at: number): void => {
    endCommand(at);
    stack.pop();
    top = stack[stack.length - 1];
    append('$(…)', at);
  };
  let i = from;
  const pacer = new Pacer(from);
  while (i < to) {
    if (pacer.due(i)) yield;
    const c = text[i];
    if (top.quoted) {
      if (c === '"') {
        top.quoted = false;
        i++;
        continue;
      }
      if (c === '\\' && i + 1 < to) {
        const d = text[i + 1];
        if (d === '\n') {
          i += 2;
          continue;
        }
        append('"\\$`'.includes(d) ? d : `\\${d}`, i);
        i += 2;
        continue;
      }
      if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
        append('', i);
        push(')', i);
        i += 2;
        continue;
      }
      if (c === '`') {
        append('', i);
        push('`', i);
        i++;
        continue;
      }
      append(c, i);
      i++;
      continue;
    }
    if (c === '\n') {
      endCommand(i);
      i++;
      if (heredocs.length) i = skipHeredocs(text, i, to, heredocs.splice(0));
      continue;
    }
    if (BLANK.includes(c)) {
      endWord(i);
      i++;
      continue;
    }
    if (c === '\\') {
      if (text[i + 1] === '\n') {
        i += 2;
        continue;
      }
      if (text[i + 1] === '\r' && text[i + 2] === '\n') {
        i += 3;
        continue;
      }
      append(text[i + 1] ?? '', i);
      i += 2;
      continue;
    }
    if (c === '#' && !top.word) {
      let end = text.indexOf('\n', i);
      if (end < 0 || end > to) end = to;
      const stop = text[end - 1] === '\r' ? end - 1 : end;
      if (mayBeDirective(text, i, stop - i)) comments.push({ offset: i, length: stop - i });
      i = end;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      const stop = close < 0 || close >= to ? to : close;
      append(text.slice(i + 1, stop), i);
      i = stop + 1;
      continue;
    }
    if (c === '"') {
      append('', i);
      top.quoted = true;
      i++;
      continue;
    }
    if (c === '`') {
      if (top.closer === '`') {
        pop(i);
        i++;
        continue;
      }
      append('', i);
      push('`', i);
      i++;
      continue;
    }
    if (c === '$') {
      if (text[i + 1] === '(' && text[i + 2] !== '(') {
        append('', i);
        push(')', i);
        i += 2;
        continue;
      }
      if (text[i + 1] === '{') {
        // `${…}` as written: a parameter expansion is part of the word.
        // Read up to its `}` or the end of the line, whichever comes first: each character once.
        let end = i + 2;
        while (end < to && text[end] !== '}' && text[end] !== '\n') end++;
        if (text[end] === '}') end++;
        append(text.slice(i, end), i);
        i = end;
        continue;
      }
      append(c, i);
      i++;
      continue;
    }
    if (OPERATOR.includes(c)) {
      if (c === '(') {
        // `<(…)` / `>(…)` and a subshell or group: the commands inside are read as commands.
        endCommand(i);
        push(')', i);
        i++;
        continue;
      }
      if (c === ')') {
        if (top.closer === ')') {
          pop(i);
          i++;
          continue;
        }
        endCommand(i);
        i++;
        continue;
      }
      if (c === '<' || c === '>') {
        // A file descriptor number before the operator is no argument.
        if (top.word && /^\d+$/.test(top.word.value) && top.word.offset + top.word.value.length === i) top.word = undefined;
        else endWord(i);
        if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
          i = readHeredocStart(text, i + 2, to, heredocs);
          continue;
        }
        let j = i + 1;
        while (j < to && (text[j] === '<' || text[j] === '>' || text[j] === '&' || text[j] === '|')) j++;
        if (text[j] === '(') {
          i = j;
          continue;
        }
        top.redirect = true;
        i = j;
        continue;
      }
      endCommand(i);
      i++;
      continue;
    }
    append(c, i);
    i++;
  }
  while (stack.length > 1) pop(to);
  endCommand(to);
  return { commands, assignments, comments, tooLong, tooMany };
}

/** After `<<`: notes the here-document's delimiter (quoted or not, `-` strips leading tabs) and returns where reading goes on. */
function readHeredocStart(text: string, at: number, to: number, heredocs: Array<{ delimiter: string; stripTabs: boolean }>): number {
  let i = at;
  const stripTabs = text[i] === '-';
  if (stripTabs) i++;
  while (i < to && (text[i] === ' ' || text[i] === '\t')) i++;
  let delimiter = '';
  while (i < to && !BLANK.includes(text[i]) && text[i] !== '\n' && !';&|()<>'.includes(text[i])) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      const stop = close < 0 || close >= to ? to : close;
      delimiter += text.slice(i + 1, stop);
      i = stop + 1;
      continue;
    }
    if (c === '\\') {
      delimiter += text[i + 1] ?? '';
      i += 2;
      continue;
    }
    delimiter += c;
    i++;
  }
  if (delimiter !== '') heredocs.push({ delimiter, stripTabs });
  return i;
}

/** Skips the lines of the pending here-documents, in order; returns the offset after the last delimiter line. */
function skipHeredocs(text: string, at: number, to: number, heredocs: Array<{ delimiter: string; stripTabs: boolean }>): number {
  let i = at;
  for (const h of heredocs) {
    while (i < to) {
      let end = text.indexOf('\n', i);
      if (end < 0 || end > to) end = to;
      let line = text.slice(i, text[end - 1] === '\r' ? end - 1 : end);
      if (h.stripTabs) {
        let k = 0;
        while (line[k] === '\t') k++;
        line = line.slice(k);
      }
      i = end + 1;
      if (line === h.delimiter) break;
    }
  }
  return Math.min(i, to);
}
