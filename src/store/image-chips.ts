// Images in the TUI's prompt: an image file pasted as a path (or Ctrl+V's image) shows as an
// `[image #1 800×600]` chip; sending reads each chip's file and every @name.png the prompt
// mentions, and they go after the prompt's text (the text names each: `[image #1: shot.png]`).
import type { ImageBlock, ImageMeta } from '../core/conversation.js';
import { promptImages } from '../core/images/prompt-images.js';
import { isBusy, type AppStore } from './app-store.js';
import type { ChipText } from './prompt-recall.js';
import { flash } from './view-actions.js';

export function imageChipLabel(n: number, image: Pick<ImageMeta, 'width' | 'height'>): string {
  return `[image #${n} ${image.width}×${image.height}]`;
}

/** The chip for an image beside the prompt's other chips: a number no other image chip has. */
export function imageChip(pastes: readonly ChipText[], image: ImageMeta): ChipText {
  let n = pastes.filter((p) => p.image).length + 1;
  while (pastes.some((p) => p.label === imageChipLabel(n, image))) n++;
  return { label: imageChipLabel(n, image), text: `[image #${n}: ${image.name}]`, image };
}

/** The files of the image chips still in the prompt, in the order they appear in it. */
export function chipImageFiles(text: string, pastes: readonly ChipText[]): string[] {
  return pastes
    .flatMap((p) => (p.image?.path && text.includes(p.label) ? [{ at: text.indexOf(p.label), file: p.image.path }] : []))
    .sort((a, b) => a.at - b.at)
    .map((p) => p.file);
}

/**
 * Reads the images a prompt sends (its chips' files, then its @mentions, relative to `cwd`) and
 * sends it with them. A file that is missing or not an image is said and nothing is sent: the
 * prompt stays in the input. While a turn runs it waits (a queued prompt is text only).
 */
export async function sendWithImages(store: AppStore, files: readonly string[], cwd: string, send: (images: ImageBlock[]) => void, prompt: string): Promise<void> {
  const read = await promptImages(prompt, files, cwd);
  if ('error' in read) return flash(store, read.error);
  if (read.images.length > 0 && isBusy(store.getState())) return flash(store, 'a prompt with images is sent when the turn ends: press Enter again then');
  send(read.images);
}
