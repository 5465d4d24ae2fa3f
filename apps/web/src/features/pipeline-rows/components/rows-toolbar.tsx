import type { DataSourceRow } from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import { Alert, Button, DatePicker, Flex, Form } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '@/ui/app-select';

type Props = {
  dataSources: readonly DataSourceRow[] | undefined;
  isLoadingDataSources: boolean;
  hasDataSourcesFailed: boolean;
  onRetryDataSources: () => void;
  dataSourceId: number | undefined;
  onDataSource: (id: number) => void;
  range: readonly [string, string];
  onRange: (range: [string, string]) => void;
  extra?: ReactNode;
};

/** The data source and the loading-day range the rows are read for. */
export function RowsToolbar(props: Props) {
  const { t } = useTranslation();
  const { dataSources, dataSourceId, range } = props;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="flex-end" justify="space-between">
        <Flex gap={12} wrap align="flex-end">
          <Form.Item label={t('pipelineRows.dataSource')} layout="vertical" style={{ minWidth: 300, marginBottom: 0 }}>
            <AppSelect<number>
              aria-label={t('pipelineRows.dataSource')}
              allowClear={false}
              loading={props.isLoadingDataSources}
              value={dataSourceId}
              onChange={(id) => props.onDataSource(id)}
              options={(dataSources ?? []).map((ds) => ({ value: ds.id, label: `${ds.name} (${ds.recon.name})` }))}
            />
          </Form.Item>
          <Form.Item label={t('pipelineRows.dateRange')} layout="vertical" style={{ marginBottom: 0 }}>
            <DatePicker.RangePicker
              aria-label={t('pipelineRows.dateRange')}
              format={DATE_FORMATS.display}
              allowClear={false}
              value={[dayjs(range[0]), dayjs(range[1])]}
              onChange={(days) => {
                if (days?.[0] && days[1])
                  props.onRange([days[0].format(DATE_FORMATS.iso), days[1].format(DATE_FORMATS.iso)]);
              }}
            />
          </Form.Item>
        </Flex>
        {props.extra}
      </Flex>
      {props.hasDataSourcesFailed && (
        <Alert
          type="error"
          showIcon
          title={t('pipelineRows.dataSourcesFailed')}
          action={
            <Button size="small" onClick={props.onRetryDataSources}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
    </Flex>
  );
}
