// Named actions of an MCP server's form: it arrives (the keys go to it), the person moves between
// fields, types, cycles a choice, and accepts or declines; the answer goes back through the door.
// A form the server withdrew (its request was cancelled) closes by itself.
import { acceptForm, defaultValues, readValue, type ElicitAnswer, type ElicitValue, type FormField } from '../core/mcp/elicitation.js';
import { toSafeDeep, toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import type { ElicitationForm } from './elicitation-state.js';

/** The typed text a field starts with: its value as written. */
function textOf(field: FormField, value: ElicitValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => field.options?.find((o) => o.value === v)?.label ?? v).join(', ');
  if (field.kind === 'choice') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function formAsked(store: AppStore, asked: { id: number; server: string; message: string; fields: FormField[] }): void {
  const s = store.getState();
  const values = defaultValues(asked.fields);
  const form: ElicitationForm = {
    id: asked.id,
    server: toSafeText(asked.server),
    message: toSafeText(asked.message),
    fields: toSafeDeep(asked.fields),
    values,
    focus: 0,
    typed: asked.fields[0] ? textOf(asked.fields[0], values[asked.fields[0].name]) : '',
    problem: null,
    returnTo: s.mode === 'elicit' ? (s.forms[0]?.returnTo ?? 'input') : s.mode,
  };
  store.setState({ forms: [...s.forms, form], mode: 'elicit' });
}

export function formGone(store: AppStore, id: number): void {
  const s = store.getState();
  const form = s.forms.find((f) => f.id === id);
  if (!form) return;
  const forms = s.forms.filter((f) => f.id !== id);
  store.setState({ forms, ...(forms.length === 0 && s.mode === 'elicit' ? { mode: form.returnTo } : {}) });
}

function update(store: AppStore, change: (f: ElicitationForm) => Partial<ElicitationForm>): void {
  const [first, ...rest] = store.getState().forms;
  if (first) store.setState({ forms: [{ ...first, ...change(first) }, ...rest] });
}

/** The focused field's typed text into its value; false (with the problem shown) when it does not read. */
function commitTyped(store: AppStore): boolean {
  const form = store.getState().forms[0];
  const field = form?.fields[form.focus] as FormField | undefined;
  if (!form || !field || field.kind === 'choice' || field.kind === 'boolean') return true;
  if (form.typed.trim() === '') {
    const { [field.name]: _dropped, ...values } = form.values;
    update(store, () => ({ values, problem: null }));
    return true;
  }
  const read = readValue(field, form.typed);
  if (!read.ok) {
    update(store, () => ({ problem: toSafeText(read.problem) }));
    return false;
  }
  update(store, (f) => ({ values: { ...f.values, [field.name]: read.value }, problem: null }));
  return true;
}

export function moveFormFocus(store: AppStore, delta: 1 | -1): void {
  if (!commitTyped(store)) return;
  update(store, (f) => {
    const focus = (f.focus + delta + f.fields.length) % Math.max(1, f.fields.length);
    const field = f.fields[focus] as FormField | undefined;
    return { focus, typed: field ? textOf(field, f.values[field.name]) : '' };
  });
}

export function typeIntoForm(store: AppStore, text: string): void {
  const form = store.getState().forms[0];
  const field = form?.fields[form.focus];
  if (!field || field.kind === 'choice' || field.kind === 'boolean') return;
  update(store, (f) => ({ typed: f.typed + text.replace(/[\r\n]+/g, ' '), problem: null }));
}

export function eraseInForm(store: AppStore): void {
  update(store, (f) => ({ typed: f.typed.slice(0, -1) }));
}

/** ←/→ on a choice, or space on a yes/no field. */
export function cycleChoice(store: AppStore, delta: 1 | -1): void {
  const form = store.getState().forms[0];
  const field = form?.fields[form.focus] as FormField | undefined;
  if (!form || !field) return;
  if (field.kind === 'boolean') {
    update(store, (f) => ({ values: { ...f.values, [field.name]: f.values[field.name] !== true } }));
    return;
  }
  if (field.kind !== 'choice' || !field.options?.length) return;
  const options = field.options;
  const at = options.findIndex((o) => o.value === form.values[field.name]);
  const next = options[(at + delta + options.length) % options.length]!;
  update(store, (f) => ({ values: { ...f.values, [field.name]: next.value } }));
}

export function answerForm(store: AppStore, how: 'accept' | 'decline' | 'cancel'): void {
  const form = store.getState().forms[0];
  if (!form) return;
  let answer: ElicitAnswer = { action: how === 'accept' ? 'decline' : how };
  if (how === 'accept') {
    if (!commitTyped(store)) return;
    const checked = acceptForm(form.fields as FormField[], store.getState().forms[0]!.values);
    if (!checked.ok) return update(store, () => ({ problem: toSafeText(checked.problem) }));
    answer = checked.answer;
  }
  store.door.send({ type: 'answerElicitation', id: form.id, answer });
  formGone(store, form.id);
}
