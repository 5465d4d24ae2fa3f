import type { CreateDataTableRequest, DataTableDetail, DataTableKind } from '@recon/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateDataTable } from '@/features/data-tables/api/create-data-table';
import { useCreateMasterTable } from '@/features/data-tables/api/create-master-table';
import { type TableDraft, toColumnInput } from '@/features/data-tables/column-rules';
import { TableDefinitionForm } from '@/features/data-tables/components/table-definition-form';
import { DATA_TABLES_PATH, dataTablePath, MASTER_DATA_PATH, masterTablePath } from '@/features/data-tables/paths';
import { saveWithFieldErrors } from '@/lib/save-form';
import { PageHeader } from '@/ui/page-header';

type CreateMutation = UseMutationResult<DataTableDetail, Error, CreateDataTableRequest>;

function CreateTablePage({ kind, create }: { kind: DataTableKind; create: CreateMutation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listPath = kind === 'MASTER' ? MASTER_DATA_PATH : DATA_TABLES_PATH;

  const onSubmit = async (draft: TableDraft) => {
    const body: CreateDataTableRequest = {
      name: (draft.name ?? '').trim(),
      description: (draft.description ?? '').trim(),
      columns: (draft.columns ?? []).map(toColumnInput),
    };
    return saveWithFieldErrors(async () => {
      const table = await create.mutateAsync(body);
      navigate(kind === 'MASTER' ? masterTablePath(table.id) : dataTablePath(table.id));
    });
  };

  return (
    <>
      <PageHeader
        title={t(kind === 'MASTER' ? 'opsConfig.masterData.createTitle' : 'opsConfig.dataTables.createTitle')}
        description={t(
          kind === 'MASTER' ? 'opsConfig.masterData.createDescription' : 'opsConfig.dataTables.createDescription',
        )}
      />
      <TableDefinitionForm
        kind={kind}
        isSaving={create.isPending}
        onSubmit={onSubmit}
        onCancel={() => navigate(listPath)}
      />
    </>
  );
}

/** Operations › Configuration › Data Tables › create-data-table. */
export default function CreateDataTablePage() {
  const { t } = useTranslation();
  return <CreateTablePage kind="DATA" create={useCreateDataTable(t('opsConfig.common.created'))} />;
}

/** Master Data › create: the same editor; the table is of kind MASTER. */
export function CreateMasterTablePage() {
  const { t } = useTranslation();
  return <CreateTablePage kind="MASTER" create={useCreateMasterTable(t('opsConfig.common.created'))} />;
}
