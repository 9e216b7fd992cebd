// Preloaded with --import: appends the URL of every module the process resolves to the file
// $INKLING_MODULE_TRACE, so a test can see what a run loaded (ESM only; the hooks run in their own thread).
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  if (process.env.INKLING_MODULE_TRACE) appendFileSync(process.env.INKLING_MODULE_TRACE, found.url + '\\n');
  return found;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
