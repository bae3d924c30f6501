/**
 * The part of Android's shell (mksh) that scripts over adb lean on: words with '…', "…" and \
 * quoting, $NAME and $?, pipes `|`, `&&`, `||`, `;` and new lines, `#` comments, and the redirections
 * `>`, `>>`, `<`, `2>`, `2>&1`. No loops, functions or substitutions: a script needing them runs on the
 * computer and calls adb per step.
 */

/** A piece of a word: literal text, or a variable expanded when the command runs. */
export type WordPart = string | { variable: string };
export type Word = WordPart[];

export interface Redirect {
  fd: 0 | 1 | 2;
  /** `>` writes, `>>` appends, `<` reads, `>&` joins another descriptor (2>&1). */
  op: '>' | '>>' | '<' | '>&';
  target: Word | 1 | 2;
}

export interface SimpleCommand {
  words: Word[];
  redirects: Redirect[];
}

export type Pipeline = SimpleCommand[];

export interface AndOrList {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
}

export type Script = AndOrList[];

export class ShellSyntaxError extends Error {}

type Token = { word: Word } | { op: string };

const OPERATORS = ['&&', '||', '2>>', '2>&1', '>&2', '1>&2', '2>', '>>', '1>', '>', '<', '|', ';', '\n', '&'];
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*|^\?/;

/** Cuts a command line into words and operators. */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let word: Word | null = null;
  const text = (t: string) => {
    word ??= [];
    const last = word.at(-1);
    if (typeof last === 'string') word[word.length - 1] = last + t;
    else word.push(t);
  };
  const variable = (at: number): number => {
    const braced = line[at + 1] === '{';
    const rest = line.slice(at + (braced ? 2 : 1));
    const name = VARIABLE.exec(rest)?.[0];
    if (!name) {
      text('$');
      return at + 1;
    }
    word ??= [];
    word.push({ variable: name });
    return at + (braced ? 3 : 1) + name.length;
  };
  const endWord = () => {
    if (word) tokens.push({ word });
    word = null;
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError("unterminated '");
      text(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      word ??= [];
      i++;
      while (line[i] !== '"') {
        if (i >= line.length) throw new ShellSyntaxError('unterminated "');
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1] ?? '')) {
          text(line[i + 1]!);
          i += 2;
        } else if (line[i] === '$') i = variable(i);
        else text(line[i++]!);
      }
      i++;
    } else if (c === '\\') {
      if (line[i + 1] !== '\n') text(line[i + 1] ?? '');
      i += 2;
    } else if (c === '$') {
      i = variable(i);
    } else if (c === '#' && word === null) {
      while (i < line.length && line[i] !== '\n') i++;
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else {
      const op = OPERATORS.find((o) => line.startsWith(o, i) && (!/^\d/.test(o) || word === null));
      if (op) {
        endWord();
        tokens.push({ op });
        i += op.length;
      } else text(line[i++]!);
    }
  }
  endWord();
  return tokens;
}

/** Parses a command line; a line that is not one throws ShellSyntaxError with mksh's complaint. */
export function parseCommandLine(line: string): Script {
  const tokens = tokenize(line);
  let at = 0;
  const peek = () => tokens[at];
  const opOf = (token: Token | undefined) => (token && 'op' in token ? token.op : undefined);
  const unexpected = (token: Token | undefined) => {
    const op = opOf(token);
    return new ShellSyntaxError(op === undefined || op === '\n' ? 'newline unexpected' : `'${op}' unexpected`);
  };

  const command = (): SimpleCommand => {
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const token = peek();
      if (!token) break;
      if ('word' in token) {
        words.push(token.word);
        at++;
        continue;
      }
      const redirect = redirectOf(token.op);
      if (!redirect) break;
      at++;
      if (redirect.target !== undefined) {
        redirects.push({ ...redirect, target: redirect.target });
        continue;
      }
      const target = peek();
      if (!target || !('word' in target)) throw unexpected(target);
      at++;
      redirects.push({ fd: redirect.fd, op: redirect.op, target: target.word });
    }
    if (words.length === 0 && redirects.length === 0) throw unexpected(peek());
    return { words, redirects };
  };
  const pipeline = (): Pipeline => {
    const commands = [command()];
    while (opOf(peek()) === '|') {
      at++;
      commands.push(command());
    }
    return commands;
  };
  const script: Script = [];
  while (at < tokens.length) {
    const op = opOf(peek());
    if (op === ';' || op === '\n' || op === '&') {
      at++;
      continue;
    }
    const list: AndOrList = { first: pipeline(), rest: [] };
    for (let next = opOf(peek()); next === '&&' || next === '||'; next = opOf(peek())) {
      at++;
      while (opOf(peek()) === '\n') at++;
      list.rest.push({ op: next, pipeline: pipeline() });
    }
    script.push(list);
    const after = opOf(peek());
    if (after !== undefined && after !== ';' && after !== '\n' && after !== '&') throw unexpected(peek());
  }
  return script;
}

type RedirectOp = Omit<Redirect, 'target'> & { target?: 1 | 2 };

function redirectOf(op: string): RedirectOp | undefined {
  const table: Record<string, RedirectOp> = {
    '>': { fd: 1, op: '>' },
    '1>': { fd: 1, op: '>' },
    '>>': { fd: 1, op: '>>' },
    '2>': { fd: 2, op: '>' },
    '2>>': { fd: 2, op: '>>' },
    '<': { fd: 0, op: '<' },
    '2>&1': { fd: 2, op: '>&', target: 1 },
    '>&2': { fd: 1, op: '>&', target: 2 },
    '1>&2': { fd: 1, op: '>&', target: 2 },
  };
  return table[op];
}

/** A word's text, its variables read from `variables` (an unknown one is empty, as in sh). */
export function expandWord(word: Word, variables: (name: string) => string | undefined): string {
  return word.map((part) => (typeof part === 'string' ? part : (variables(part.variable) ?? ''))).join('');
}
