import type { DataElement } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import { elementChanges, placeAt, renumber } from '@/features/data-sources/element-changes';

const element = (id: number, sequence: number, patch: Partial<DataElement> = {}): DataElement => ({
  id,
  name: `c${id}`,
  inputType: 'TEXT',
  type: 'VARCHAR',
  active: true,
  sequence,
  ...patch,
});

const SAVED = [element(1, 1), element(2, 2), element(3, 3), element(4, 4)];

/** Replays the calls the way the server does, answering the resulting order of ids. */
function replay(saved: readonly DataElement[], edited: readonly DataElement[]): number[] {
  let order = saved.map((e) => e.id);
  for (const change of elementChanges(saved, edited)) {
    if (change.sequence !== undefined) order = placeAt(order, change.id, change.sequence);
  }
  return order;
}

describe('data element changes', () => {
  it('sends nothing when nothing changed', () => {
    expect(elementChanges(SAVED, SAVED)).toEqual([]);
  });

  it('sends only the flag or input type that changed', () => {
    const edited = SAVED.map((e) => (e.id === 3 ? { ...e, active: false, inputType: 'NUMBER' } : e));
    expect(elementChanges(SAVED, edited)).toEqual([{ id: 3, active: false, inputType: 'NUMBER' }]);
  });

  it('moves the last element to the top with one call', () => {
    const edited = renumber([SAVED[3], SAVED[0], SAVED[1], SAVED[2]] as DataElement[]);
    expect(elementChanges(SAVED, edited)).toEqual([{ id: 4, sequence: 1 }]);
  });

  it('reaches any order when the calls are replayed in turn', () => {
    const orders = [
      [2, 1, 4, 3],
      [4, 3, 2, 1],
      [1, 3, 4, 2],
      [3, 1, 2, 4],
    ];
    for (const ids of orders) {
      const edited = renumber(ids.map((id) => SAVED.find((e) => e.id === id) as DataElement));
      expect(replay(SAVED, edited)).toEqual(ids);
    }
  });
});
