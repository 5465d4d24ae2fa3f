import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateReads, readKeys } from '@/lib/reads/read-keys';

describe('read keys', () => {
  it('starts every key of a resource with its root, and no two resources share a root', () => {
    const roots = Object.values(readKeys).map((keys) => keys.root[0]);
    expect(new Set(roots).size).toBe(roots.length);
    for (const keys of Object.values(readKeys)) {
      for (const [name, factory] of Object.entries(keys)) {
        if (name === 'root') continue;
        const key = (factory as (...args: unknown[]) => readonly unknown[])(1, 2, 3);
        expect(key.slice(0, keys.root.length), name).toEqual(keys.root);
      }
    }
  });

  it('marks stale every read of the named resources and no other', async () => {
    const client = new QueryClient();
    client.setQueryData(readKeys.recons.byModule(1), []);
    client.setQueryData(readKeys.dataSources.byRecon(1, 5), []);
    client.setQueryData(readKeys.pipelines.list(1), []);

    await invalidateReads(client, 'recons', 'dataSources');

    const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(isStale(readKeys.recons.byModule(1))).toBe(true);
    expect(isStale(readKeys.dataSources.byRecon(1, 5))).toBe(true);
    expect(isStale(readKeys.pipelines.list(1))).toBe(false);
  });
});
