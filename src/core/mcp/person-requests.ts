// What MCP servers ask of the person in the TUI, as events out and answers in: a server's form
// (elicitation) goes out as mcp_elicit and comes back through answer(); a login started from /mcp
// sends its URL as mcp_login and takes the redirect pasted into the view, or is cancelled.
import { formFields, type ElicitAnswer, type ElicitQuestion, type FormField } from './elicitation.js';
import type { LoginResult } from './oauth/login.js';

export type PersonEvent =
  /** A login started from the UI has its URL: show it (and take a pasted redirect). */
  | { type: 'mcp_login'; server: string; url: string; opened: boolean }
  /** A server asks the person to fill a form; answer with answerElicitation(id, …). */
  | { type: 'mcp_elicit'; id: number; server: string; message: string; fields: FormField[] }
  /** That form is no longer wanted (the request was cancelled, or answered). */
  | { type: 'mcp_elicit_end'; id: number };

export class ElicitationForms {
  private readonly waiting = new Map<number, (answer: ElicitAnswer) => void>();
  private next = 1;

  constructor(private readonly emit: (event: PersonEvent) => void) {}

  /** Asks by an event; resolves with the person's answer, or cancel when the server withdraws. */
  ask(server: string, question: ElicitQuestion, signal: AbortSignal): Promise<ElicitAnswer> {
    return new Promise<ElicitAnswer>((resolve) => {
      const id = this.next++;
      const done = (answer: ElicitAnswer) => {
        if (!this.waiting.delete(id)) return;
        this.emit({ type: 'mcp_elicit_end', id });
        resolve(answer);
      };
      this.waiting.set(id, done);
      signal.addEventListener('abort', () => done({ action: 'cancel' }), { once: true });
      this.emit({ type: 'mcp_elicit', id, server, message: question.message, fields: formFields(question.requestedSchema) });
    });
  }

  answer(id: number, answer: ElicitAnswer): boolean {
    const done = this.waiting.get(id);
    done?.(answer);
    return done !== undefined;
  }
}

/** The login flow's own hooks a UI login fills in: where the URL goes, a paste, a stop. */
export interface LoginHooks {
  onUrl(url: string, opened: boolean): void;
  openBrowser(url: string): Promise<boolean>;
  pasted: Promise<string>;
  signal: AbortSignal;
}

export class UiLogins {
  private readonly running = new Map<string, { paste(url: string): void; controller: AbortController }>();

  constructor(
    private readonly run: (name: string, hooks: LoginHooks) => Promise<LoginResult>,
    private readonly emit: (event: PersonEvent) => void,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async start(name: string): Promise<LoginResult> {
    if (this.running.has(name)) return { ok: false, reason: `a login to ${name} is already waiting` };
    let paste: (url: string) => void = () => undefined;
    const pasted = new Promise<string>((resolve) => (paste = resolve));
    const controller = new AbortController();
    this.running.set(name, { paste, controller });
    try {
      const { openBrowser } = await import('./oauth/login.js');
      return await this.run(name, {
        onUrl: (url, opened) => this.emit({ type: 'mcp_login', server: name, url, opened }),
        openBrowser: (url) => openBrowser(url, this.env),
        pasted,
        signal: controller.signal,
      });
    } finally {
      this.running.delete(name);
    }
  }

  paste(name: string, url: string): boolean {
    this.running.get(name)?.paste(url);
    return this.running.has(name);
  }

  cancel(name: string): boolean {
    this.running.get(name)?.controller.abort();
    return this.running.has(name);
  }
}
