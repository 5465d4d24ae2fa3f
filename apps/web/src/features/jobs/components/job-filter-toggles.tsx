import { JOB_FILTERS, type JobFilterName } from '@recon/contract';
import { Flex, Switch, Typography } from 'antd';
import type { JobFlags } from '@/features/jobs/job-draft';

type Props = { filters: JobFlags; onToggle: (name: JobFilterName, isEnabled: boolean) => void };

/** The four run filters with the spec's labels; the coupling (batch-wise → time mapping) is the caller's. */
export function JobFilterToggles({ filters, onToggle }: Props) {
  return (
    <Flex wrap gap={24}>
      {JOB_FILTERS.map((filter) => (
        <Flex key={filter.name} align="center" gap={8}>
          <Switch
            aria-label={filter.label}
            checked={filters[filter.name]}
            // The time mapping only means something for batch-wise runs.
            disabled={filter.name === 'SHOW_BATCH_NUMBER_TIME_MAPPING' && !filters.SHOULD_RUN_BATCH_WISE}
            onChange={(isEnabled) => onToggle(filter.name, isEnabled)}
          />
          <Typography.Text>{filter.label}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
