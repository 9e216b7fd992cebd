// /model: a picker of the models the provider in use offers (a server's GET /models, or the
// catalog for Anthropic), narrowed by a typed filter; Enter switches for the next request and
// the header follows. The conversation stays.
import type { AppStore } from './app-store.js';
import { emptyInput } from './app-store.js';
import { modelLabelChecked } from './workspace-actions.js';

import { filterRows, movedBy, withFilter, type ModelPickerState, type PickerModel } from './list-picker.js';
import { flash } from './view-actions.js';

export type { ModelPickerState, PickerModel } from './list-picker.js';


/** The models the filter lets through (every word must appear in the id, any case). */
export function filteredModels(p: Pick<ModelPickerState, 'models' | 'filter'>): PickerModel[] {
  return filterRows({ rows: p.models, filter: p.filter }, (m, w) => m.id.toLowerCase().includes(w), p.filter.toLowerCase().split(/\s+/).filter(Boolean));
}

/** Resolves once the list is there (or the picker says why not). */
export function openModelPicker(store: AppStore, refresh = false): Promise<void> | void {
  const current = store.door.send({ type: 'currentModel' });
  if (current === null) return flash(store, 'the demo and scripted models have no other model to switch to (start with --provider/--model)');
  store.setState({
    mode: 'model',
    input: emptyInput(),
    completion: null,
    modelPicker: { phase: 'loading', models: [], current, filter: '', selected: 0 },
  });
  return store.door.send({ type: 'listModels', refresh }).then(
    (models) => {
      const p = store.getState().modelPicker;
      if (!p) return;
      const at = Math.max(0, models.findIndex((m) => m.id === p.current));
      store.setState({ modelPicker: { ...p, phase: 'ready', models, selected: at } });
    },
    (err: unknown) => {
      const p = store.getState().modelPicker;
      if (p) store.setState({ modelPicker: { ...p, phase: 'ready', error: (err as Error).message } });
    },
  );
}

export function setModelFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const p = store.getState().modelPicker;
  if (p) store.setState({ modelPicker: withFilter(p, filter, cursor) });
}

export function moveModelSelection(store: AppStore, delta: number): void {
  const p = store.getState().modelPicker;
  const moved = p && movedBy(p, delta, filteredModels(p).length);
  if (moved) store.setState({ modelPicker: moved });
}

export function closeModelPicker(store: AppStore): void {
  store.setState({ mode: 'input', modelPicker: null });
}

/** Enter: the selected model answers from the next request on. Resolves when switched. */
export function chooseModel(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const p = s.modelPicker;
  if (!p || p.phase !== 'ready') return;
  const choice = filteredModels(p)[p.selected];
  if (!choice) return flash(store, p.filter ? `no model matches “${p.filter}”` : 'no model to choose');
  if (choice.id === p.current) {
    closeModelPicker(store);
    return flash(store, `already on ${choice.id}`);
  }
  store.setState({ modelPicker: { ...p, phase: 'switching' } });
  return store.door.send({ type: 'switchModel', model: choice.id }).then(
    (label) => {
      closeModelPicker(store);
      modelLabelChecked(store, label);
      flash(store, `model: ${choice.id} from the next request (the conversation stays)`);
    },
    (err: unknown) => {
      const now = store.getState().modelPicker;
      if (now) store.setState({ modelPicker: { ...now, phase: 'ready', error: `could not switch: ${(err as Error).message}` } });
    },
  );
}
