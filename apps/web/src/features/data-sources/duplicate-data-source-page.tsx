import { useNavigate, useParams } from 'react-router';
import { DuplicateModal } from '@/features/data-sources/components/duplicate-modal';
import { DataSourcesList } from '@/features/data-sources/data-sources-page';
import { DATA_SOURCES_PATH, editDataSourcePath } from '@/features/data-sources/paths';

/**
 * duplicate-data-source/{dataSourceId}/data-source-name/{name}/recon-id/{reconId}: the list with the
 * duplicate dialog open over it; the copy opens in edit once made.
 */
export default function DuplicateDataSourcePage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.dataSourceId);
  const reconId = Number(params.reconId);
  const isValid = Number.isInteger(id) && id > 0;

  return (
    <>
      <DataSourcesList />
      {isValid && (
        <DuplicateModal
          source={{
            id,
            name: params.name ?? '',
            reconId: Number.isInteger(reconId) && reconId > 0 ? reconId : undefined,
          }}
          onDone={(newId) => navigate(editDataSourcePath(newId))}
          onCancel={() => navigate(DATA_SOURCES_PATH)}
        />
      )}
    </>
  );
}
