// Says where a settings file stops being JSON ("line 3, column 5: expected a comma or '}'").
// jsonc-parser is loaded only when a file is broken or being edited.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** By jsonc-parser's error names (its codes are a const enum, unusable under isolatedModules). */
const WHAT: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected a comma",
  CloseBraceExpected: "expected a comma or '}'",
  CloseBracketExpected: "expected a comma or ']'",
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unfinished comment',
  UnexpectedEndOfString: 'unfinished string',
  UnexpectedEndOfNumber: 'unfinished number',
  InvalidUnicode: 'bad \\u escape',
  InvalidEscapeCharacter: 'bad escape character',
  InvalidCharacter: 'control character in a string',
};

/** The first syntax error of `text` as "line L, column C: what", or undefined when it parses. */
export function jsonSyntaxError(text: string): string | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true });
  const first = errors[0];
  if (!first) return undefined;
  const { line, column } = lineColumn(text, first.offset);
  return `line ${line}, column ${column}: ${WHAT[printParseErrorCode(first.error)] ?? 'invalid JSON'}`;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
