// Secrets (the API key) must never reach the terminal, a log or a JSON line, even inside an
// error message from the SDK: everything inkling prints passes through here. The core uses the
// same redactor on tool output before the model or the UI sees it.
import { createRedactor, type Redact } from '../core/redact.js';

export type Scrub = Redact;

export const createScrub = createRedactor;
