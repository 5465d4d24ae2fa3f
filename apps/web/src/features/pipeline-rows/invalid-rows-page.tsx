import { PipelineRowsView } from '@/features/pipeline-rows/components/pipeline-rows-view';

/** Transactions › Pipeline › Invalid: rows of loaded files that failed validation, with their reasons. */
export default function InvalidRowsPage() {
  return <PipelineRowsView kind="invalid" />;
}
