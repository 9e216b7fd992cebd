// WebAssembly compiled from here on stays on Liftoff, V8's baseline compiler. Otherwise V8 tiers a
// module's hot functions up to TurboFan on its background threads: the bash grammar's while the next
// module import waits (the first command's pty and emulator: 2.3–3.7 s instead of 0.3–0.4 s on two
// busy cores), node's fetch's HTTP parser (llhttp; the OpenAI-compatible provider's) while a first answer streams in
// (120–140 ms of CPU in a first turn). Liftoff's code parses a command or a response all the same.
// Set after the first frame (yoga, the layout engine, is compiled and tiered before it), by the
// first of the two to load.
import v8 from 'node:v8';

let set = false;

export function liftoffOnly(): void {
  if (set) return;
  set = true;
  // Read at call time: the bundle's code cache is written just before V8's flags change (bundle-cache.ts).
  v8.setFlagsFromString('--liftoff-only');
}
