import { PipelineRowsView } from '@/features/pipeline-rows/components/pipeline-rows-view';

/** Transactions › Pipeline › Duplicates: rows loaded as duplicates of rows already loaded. */
export default function DuplicateRowsPage() {
  return <PipelineRowsView kind="duplicates" />;
}
