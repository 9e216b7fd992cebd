// Which models see images. The catalog says so for the models it knows; an unknown model is tried,
// and one that refuses a request for its images (a 400 naming image content) is image-blind for the
// rest of the session. A blind model gets each image as a line naming it instead.
import type { ImageBlock, Message, UserBlock } from '../conversation.js';
import { modelInfo } from '../providers/models.js';
import type { FailureKind } from '../providers/retry-policy.js';
import { blindPlaceholder } from './image-blocks.js';

export class ImageSight {
  private readonly blind = new Set<string>();

  sees(model: string): boolean {
    return !this.blind.has(model) && modelInfo(model)?.images !== false;
  }

  /** The messages as `model` may get them: unchanged, or with placeholders for its images. */
  forModel(model: string, messages: Message[]): Message[] {
    return this.sees(model) ? messages : withImagePlaceholders(messages);
  }

  /**
   * After a refused request: true when it was refused for the images it carried, the model is now
   * blind for the session and the same request may go again (with placeholders).
   */
  refusedImages(model: string, cause: FailureKind | undefined, sent: readonly Message[]): boolean {
    if (cause !== 'images_unsupported' || !this.sees(model) || !sent.some(carriesImages)) return false;
    this.blind.add(model);
    return true;
  }
}

function carriesImages(m: Message): boolean {
  return m.role === 'user' && m.content.some((b) => b.type === 'image' || (b.type === 'tool_result' && (b.images?.length ?? 0) > 0));
}

/** Each image replaced by `[image: name, w×h — this model cannot see images]`. */
export function withImagePlaceholders(messages: Message[]): Message[] {
  return messages.map((m) => (carriesImages(m) && m.role === 'user' ? { role: 'user', content: m.content.map(placeholderBlock) } : m));
}

function placeholderBlock(b: UserBlock): UserBlock {
  if (b.type === 'image') return { type: 'text', text: blindPlaceholder(b) };
  if (b.type !== 'tool_result' || !b.images?.length) return b;
  const { images, ...rest } = b;
  return { ...rest, content: [b.content, ...images.map((i: ImageBlock) => blindPlaceholder(i))].filter(Boolean).join('\n') };
}
