/**
 * Saves a catalogue item from its form: a new one whole, an existing one by what changed, and when nothing
 * changed, nothing is sent and the form says so.
 */
export function saveItem<Item, Values, Changes extends object>(step: {
  item: Item | undefined;
  values: Values;
  changesOf: (item: Item, values: Values) => Changes;
  create: (values: Values) => void;
  update: (item: Item, changes: Changes) => void;
  unchanged: () => void;
}): void {
  if (step.item === undefined) {
    step.create(step.values);
    return;
  }
  const changes = step.changesOf(step.item, step.values);
  if (Object.keys(changes).length === 0) step.unchanged();
  else step.update(step.item, changes);
}
