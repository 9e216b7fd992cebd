// A server's elicitation/create (form mode) as data a UI can draw and fill: the requested schema's
// flat fields (string, number, integer, boolean, single and multiple choice) with their defaults
// applied, and the check that turns what the person typed into the values the server receives.

export interface ElicitQuestion {
  message: string;
  /** The server's requestedSchema, unread: formFields reads it defensively. */
  requestedSchema: unknown;
}

export type ElicitValue = string | number | boolean | string[];

export type ElicitAnswer =
  | { action: 'accept'; content: Record<string, ElicitValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

export interface FormField {
  name: string;
  title: string;
  description?: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'choice' | 'multi';
  required: boolean;
  /** choice and multi: the values the server accepts, with the words to show for each. */
  options?: { value: string; label: string }[];
  default?: ElicitValue;
  minimum?: number;
  maximum?: number;
  /** email, uri, date, date-time: shown as a hint, checked loosely. */
  format?: string;
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : {});
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The schema's properties in the server's order; a property of a kind forms cannot hold is left out. */
export function formFields(requestedSchema: unknown): FormField[] {
  const schema = obj(requestedSchema);
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  const out: FormField[] = [];
  for (const [name, raw] of Object.entries(obj(schema.properties))) {
    const p = obj(raw);
    const base = {
      name,
      title: text(p.title) ?? name,
      ...(text(p.description) ? { description: text(p.description)! } : {}),
      required: required.has(name),
    };
    const options = choices(p);
    const items = obj(p.items);
    let field: FormField | undefined;
    if (p.type === 'array') {
      const itemOptions = choices(items);
      if (itemOptions) field = { ...base, kind: 'multi', options: itemOptions };
    } else if (options) field = { ...base, kind: 'choice', options };
    else if (p.type === 'string' || p.type === 'number' || p.type === 'integer' || p.type === 'boolean') field = { ...base, kind: p.type };
    if (!field) continue;
    if (typeof p.minimum === 'number') field.minimum = p.minimum;
    if (typeof p.maximum === 'number') field.maximum = p.maximum;
    if (text(p.format)) field.format = text(p.format)!;
    const given = checkDefault(field, p.default);
    if (given !== undefined) field.default = given;
    out.push(field);
  }
  return out;
}

function choices(p: Raw): { value: string; label: string }[] | undefined {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return p.enum.filter((v): v is string => typeof v === 'string').map((value, i) => ({ value, label: text(names[i]) ?? value }));
  }
  const list = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined;
  if (!list) return undefined;
  const out = list.map(obj).filter((o) => typeof o.const === 'string').map((o) => ({ value: o.const as string, label: text(o.title) ?? (o.const as string) }));
  return out.length > 0 ? out : undefined;
}

function checkDefault(field: FormField, value: unknown): ElicitValue | undefined {
  if (value === undefined) return undefined;
  if (field.kind === 'multi') return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
  const checked = readValue(field, typeof value === 'string' ? value : String(value));
  return checked.ok ? checked.value : undefined;
}

/** Every field's default where it has one: what the form starts with. */
export function defaultValues(fields: readonly FormField[]): Record<string, ElicitValue> {
  const out: Record<string, ElicitValue> = {};
  for (const f of fields) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}

/** What the person typed for one field, as the value the server receives, or why not. */
export function readValue(field: FormField, typed: string): { ok: true; value: ElicitValue } | { ok: false; problem: string } {
  const t = typed.trim();
  switch (field.kind) {
    case 'boolean':
      if (/^(y|yes|true|on|1)$/i.test(t)) return { ok: true, value: true };
      if (/^(n|no|false|off|0)$/i.test(t)) return { ok: true, value: false };
      return { ok: false, problem: `${field.title}: yes or no` };
    case 'number':
    case 'integer': {
      const n = Number(t);
      if (t === '' || !Number.isFinite(n)) return { ok: false, problem: `${field.title}: a number` };
      if (field.kind === 'integer' && !Number.isInteger(n)) return { ok: false, problem: `${field.title}: a whole number` };
      if (field.minimum !== undefined && n < field.minimum) return { ok: false, problem: `${field.title}: at least ${field.minimum}` };
      if (field.maximum !== undefined && n > field.maximum) return { ok: false, problem: `${field.title}: at most ${field.maximum}` };
      return { ok: true, value: n };
    }
    case 'choice': {
      const hit = field.options?.find((o) => o.value === t || o.label.toLowerCase() === t.toLowerCase());
      return hit ? { ok: true, value: hit.value } : { ok: false, problem: `${field.title}: one of ${field.options?.map((o) => o.label).join(', ')}` };
    }
    case 'multi': {
      const picked = t.split(',').map((x) => x.trim()).filter(Boolean);
      const values: string[] = [];
      for (const p of picked) {
        const hit = field.options?.find((o) => o.value === p || o.label.toLowerCase() === p.toLowerCase());
        if (!hit) return { ok: false, problem: `${field.title}: pick from ${field.options?.map((o) => o.label).join(', ')}` };
        values.push(hit.value);
      }
      return { ok: true, value: values };
    }
    case 'string':
      if (field.format === 'email' && t && !/^[^\s@]+@[^\s@]+$/.test(t)) return { ok: false, problem: `${field.title}: an email address` };
      return { ok: true, value: typed };
  }
}

/** The answer for a filled form: required fields must be there. */
export function acceptForm(fields: readonly FormField[], values: Record<string, ElicitValue>): { ok: true; answer: ElicitAnswer } | { ok: false; problem: string } {
  for (const f of fields) {
    const v = values[f.name];
    if (f.required && (v === undefined || v === '' || (Array.isArray(v) && v.length === 0))) return { ok: false, problem: `${f.title} is required` };
  }
  const content: Record<string, ElicitValue> = {};
  for (const f of fields) if (values[f.name] !== undefined && values[f.name] !== '') content[f.name] = values[f.name]!;
  return { ok: true, answer: { action: 'accept', content } };
}
