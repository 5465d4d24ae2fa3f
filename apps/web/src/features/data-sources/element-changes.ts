import type { DataElement, UpdateDataElementRequest } from '@recon/contract';

/** Moves one id to a 1-based position, keeping the others' order: what the server does with a new sequence. */
export function placeAt(ids: readonly number[], id: number, position: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/** The edited list renumbered from 1 in its current order. */
export function renumber(elements: readonly DataElement[]): DataElement[] {
  return elements.map((e, i) => ({ ...e, sequence: i + 1 }));
}

/**
 * The updateDataElement calls that turn the saved elements into the edited ones, in the order to send
 * them. Each call places one element, so positions are fixed from the top down: once the first i
 * elements are in place, placing the next at i + 1 never disturbs them. An element is sent only when
 * something about it changed (its flag, its input type, or its place at that moment).
 */
export function elementChanges(
  saved: readonly DataElement[],
  edited: readonly DataElement[],
): UpdateDataElementRequest[] {
  const byId = new Map(saved.map((e) => [e.id, e]));
  let order = [...saved].sort((a, b) => a.sequence - b.sequence).map((e) => e.id);
  const changes: UpdateDataElementRequest[] = [];
  edited.forEach((element, index) => {
    const before = byId.get(element.id);
    if (!before) return;
    const change: UpdateDataElementRequest = { id: element.id };
    if (element.active !== before.active) change.active = element.active;
    if (element.inputType !== before.inputType) change.inputType = element.inputType;
    if (order.indexOf(element.id) !== index) {
      change.sequence = index + 1;
      order = placeAt(order, element.id, index + 1);
    }
    if (Object.keys(change).length > 1) changes.push(change);
  });
  return changes;
}
