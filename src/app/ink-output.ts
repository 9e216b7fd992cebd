// Ink's Output.get() (ink/build/output.js) with the same result and a fraction of the garbage.
// Ink's own fills a width × height grid with a fresh cell object (and a fresh style array) per
// cell on every frame, then turns each row back into a string by diffing the styles of every two
// neighbouring cells, three Sets per pair: at 120 × 40 that was ~0.7 MB of garbage per frame and
// most of the app's allocation during a live turn. Here the blank cell is one shared object and
// neighbours with equal styles (nearly all of them) are not diffed. Installed on Ink's class by
// the bundle's build (scripts/bundle-ui.ts) and, run from the compiled modules, by run-tui.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ansiCodesToString, diffAnsiCodes, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';

type Transformer = (line: string, index: number) => string;
type Clip = { x1: number | undefined; x2: number | undefined; y1: number | undefined; y2: number | undefined };
type Operation = { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] } | { type: 'clip'; clip: Clip } | { type: 'unclip' };

/** What get() reads of an Output instance (its fields are private in Ink's typings). */
interface OutputFields {
  width: number;
  height: number;
  operations: Operation[];
  caches: {
    getStyledChars(line: string): StyledChar[];
    getStringWidth(text: string): number;
    getWidestLine(text: string): number;
  };
}

interface OutputClass {
  prototype: { get(): { output: string; height: number } };
}

/** Ink's pre-filled cell. Never written to: a write replaces cells, it does not change them. */
const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) as unknown as StyledChar['styles'] }) as StyledChar;

/** Same codes in the same order: the diff between them is empty. */
function sameStyles(a: StyledChar['styles'], b: StyledChar['styles']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.code !== b[i]!.code || a[i]!.endCode !== b[i]!.endCode) return false;
  return true;
}

/** styledCharsToString(row without holes).trimEnd(), diffing only where the styles change. */
function rowString(row: (StyledChar | undefined)[]): string {
  let out = '';
  let prev: StyledChar | undefined;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === undefined) continue;
    if (prev === undefined) {
      if (c.styles.length > 0) out += ansiCodesToString(c.styles);
    } else if (!sameStyles(prev.styles, c.styles)) {
      out += ansiCodesToString(diffAnsiCodes(prev.styles, c.styles));
    }
    out += c.value;
    prev = c;
  }
  if (prev !== undefined && prev.styles.length > 0) out += ansiCodesToString(diffAnsiCodes(prev.styles, []));
  return out.trimEnd();
}

/** Ink 6.8.0's Output.prototype.get, step for step but for the two changes above. */
export function outputGet(this: OutputFields): { output: string; height: number } {
  const output: (StyledChar | undefined)[][] = [];
  for (let y = 0; y < this.height; y++) output.push(new Array<StyledChar>(this.width).fill(BLANK));
  const clips: Clip[] = [];
  for (const operation of this.operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    if (operation.type === 'unclip') clips.pop();
    if (operation.type !== 'write') continue;
    const { text, transformers } = operation;
    let { x, y } = operation;
    let lines = text.split('\n');
    const clip = clips.at(-1);
    if (clip) {
      const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (clipHorizontally) {
        const width = this.caches.getWidestLine(text);
        if (x + width < clip.x1! || x > clip.x2!) continue;
      }
      if (clipVertically) {
        const height = lines.length;
        if (y + height < clip.y1! || y > clip.y2!) continue;
      }
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const from = x < clip.x1! ? clip.x1! - x : 0;
          const width = this.caches.getStringWidth(line);
          const to = x + width > clip.x2! ? clip.x2! - x : width;
          return sliceAnsi(line, from, to);
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (clipVertically) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const height = lines.length;
        const to = y + height > clip.y2! ? clip.y2! - y : height;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    let offsetY = 0;
    for (let index = 0; index < lines.length; index++) {
      let line = lines[index]!;
      const currentLine = output[y + offsetY];
      // Ink leaves a line that is taller than the grid out (and does not count it).
      if (!currentLine) continue;
      for (const transformer of transformers) line = transformer(line, index);
      const characters = this.caches.getStyledChars(line);
      let offsetX = x;
      for (const character of characters) {
        currentLine[offsetX] = character;
        const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));
        if (characterWidth > 1) {
          for (let i = 1; i < characterWidth; i++) currentLine[offsetX + i] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
        }
        offsetX += characterWidth;
      }
      offsetY++;
    }
  }
  return { output: output.map(rowString).join('\n'), height: output.length };
}

/** Puts outputGet on Ink's Output class (the one its renderer uses). */
export function installOutputGet(Output: OutputClass): void {
  Output.prototype.get = outputGet as unknown as OutputClass['prototype']['get'];
}

/**
 * Run from the compiled modules (no bundle): Ink's Output is the module beside Ink's entry point,
 * which its package does not export, so it is found by path. The same module instance Ink uses.
 */
export async function installOutputGetFromPackage(): Promise<void> {
  const inkEntry = createRequire(import.meta.url).resolve('ink');
  const { default: Output } = (await import(pathToFileURL(path.join(path.dirname(inkEntry), 'output.js')).href)) as { default: OutputClass };
  installOutputGet(Output);
}
