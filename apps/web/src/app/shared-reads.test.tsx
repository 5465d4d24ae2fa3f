import type { ReconRow, TransactionRecon } from '@recon/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUpdateDataSourceSequence } from '@/features/data-sources/api/update-data-source-sequence';
import { useJobRecons } from '@/features/jobs/api/get-job-recons';
import { useCreateRecon } from '@/features/recons/api/create-recon';
import { useTransactionRecons } from '@/features/transactions/api/get-transaction-recons';
import { http } from '@/lib/http';
import { useReconOptions } from '@/lib/reads/recons';
import { signIn } from '@/testing/fixtures';
import { testQueryClient } from '@/testing/render';

// Several areas read a recon's lists; an edit made in one area must reach the lists another area shows.

const MODULE_ID = 1;
const mock = new MockAdapter(http);

function reconRow(id: number, name: string): ReconRow {
  return {
    id,
    name,
    description: '',
    dataSourceCount: 0,
    createdAt: '2026-11-21T10:00:00Z',
    updatedAt: '2026-11-21T10:00:00Z',
  };
}

function readsOf(find: string): number {
  return mock.history.get?.filter((request) => request.params?.Find === find).length ?? 0;
}

/** One query client for every hook, as in the app. */
function renderHooks<T>(hooks: () => T) {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(hooks, { wrapper });
}

beforeEach(() => {
  signIn({}, MODULE_ID);
});
afterEach(() => {
  mock.reset();
});

describe('shared reads', () => {
  it("refetches the jobs' and rules' recon pickers when the recons area creates a recon", async () => {
    const recons = [reconRow(5, 'Bank vs Gateway')];
    mock.onGet('/v2/recons').reply(() => [200, { data: recons }]);
    mock.onPost('/v2/recons').reply(() => {
      const created = reconRow(6, 'Card vs Ledger');
      recons.push(created);
      return [200, { ...created, dataSources: [], sideA: null, sideB: null }];
    });
    const { result } = renderHooks(() => ({
      jobPicker: useJobRecons(MODULE_ID),
      rulePicker: useReconOptions(MODULE_ID),
      create: useCreateRecon('Successfully Created'),
    }));
    await waitFor(() => expect(result.current.jobPicker.data).toHaveLength(1));
    const readsBefore = readsOf('ByModule');

    await act(() => result.current.create.mutateAsync({ name: 'Card vs Ledger', description: '' }));

    await waitFor(() => expect(result.current.jobPicker.data?.map((r) => r.name)).toContain('Card vs Ledger'));
    expect(result.current.rulePicker.data?.map((r) => r.name)).toContain('Card vs Ledger');
    expect(readsOf('ByModule')).toBeGreaterThan(readsBefore);
  });

  it("refetches the transactions pages' recons when the data sources area reorders a recon's sides", async () => {
    let sideA = 'Bank';
    const recon = (): TransactionRecon => ({
      id: 5,
      name: 'Bank vs Gateway',
      dataSources: [{ id: 7, name: sideA, side: 'A', columns: [], dateColumns: [] }],
    });
    mock.onGet('/v2/transactions').reply(() => [200, { data: [recon()] }]);
    mock.onPut('/v2/datasources').reply(() => {
      sideA = 'Gateway';
      return [200, { data: [] }];
    });
    const { result } = renderHooks(() => ({
      recons: useTransactionRecons(MODULE_ID),
      reorder: useUpdateDataSourceSequence('Saved'),
    }));
    await waitFor(() => expect(result.current.recons.data?.[0]?.dataSources[0]?.name).toBe('Bank'));

    await act(() => result.current.reorder.mutateAsync([{ id: 8, sequence: 1 }]));

    await waitFor(() => expect(result.current.recons.data?.[0]?.dataSources[0]?.name).toBe('Gateway'));
    expect(readsOf('Recons')).toBe(2);
  });
});
