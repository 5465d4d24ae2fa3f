import { EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { DataSourceDetail } from '@recon/contract';
import { Button, Card, Descriptions, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AutoTicketingDrawer } from '@/features/data-sources/components/auto-ticketing-drawer';
import { DataElementsEditor } from '@/features/data-sources/components/data-elements-editor';
import { WithDataSource } from '@/features/data-sources/components/with-data-source';
import { trimLimit } from '@/features/data-sources/data-source-values';
import { DATA_SOURCES_PATH, editDataSourcePath } from '@/features/data-sources/paths';
import { useHasPrivilege } from '@/lib/access-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { BackTitle } from '@/ui/back-title';
import { CodeText } from '@/ui/code-text';
import { PageHeader } from '@/ui/page-header';
import { StatusTag } from '@/ui/status-tag';

function LimitText({ value, method }: { value: string; method: DataSourceDetail['maxDuplicateRecordCountMethod'] }) {
  const { t } = useTranslation();
  const limit = trimLimit(value);
  if (method === 'PERCENTAGE') return <>{t('opsConfig.dataSources.limitPercent', { limit })}</>;
  if (method === 'COUNT') return <>{t('opsConfig.dataSources.limitCount', { limit })}</>;
  return <>{limit}</>;
}

function ViewDataSource({ detail }: { detail: DataSourceDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHasPrivilege({ code: 'createEditDataSource' });
  const { current } = useModuleSelection();
  const [isAutoTicketingOpen, setAutoTicketingOpen] = useState(false);

  return (
    <>
      <PageHeader
        title={
          <BackTitle backTo={DATA_SOURCES_PATH}>
            {detail.name}
            <StatusTag
              status={detail.isActive ? 'ACTIVE' : 'INACTIVE'}
              label={detail.isActive ? t('opsConfig.dataSources.activeYes') : t('opsConfig.dataSources.activeNo')}
            />
          </BackTitle>
        }
        extra={
          <Space>
            <Button icon={<ThunderboltOutlined />} onClick={() => setAutoTicketingOpen(true)}>
              {t('opsConfig.autoTicketing.open')}
            </Button>
            {canEdit && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(editDataSourcePath(detail.id))}>
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      />
      <AutoTicketingDrawer
        moduleId={current.id}
        dataSourceId={detail.id}
        isOpen={isAutoTicketingOpen}
        isEditable={canEdit}
        onClose={() => setAutoTicketingOpen(false)}
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('opsConfig.dataSources.product')}>{detail.product.name}</Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.recon')}>{detail.recon.name}</Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.sequence')}>{detail.sequence}</Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.pipeline')}>{detail.pipeline.name}</Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.invalidPipeline')}>
            {detail.invalidPipeline.name}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.updatedOn')}>
            {formatDateTime(detail.updatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.duplicateLimit')}>
            <LimitText value={detail.maxDuplicateRecord} method={detail.maxDuplicateRecordCountMethod} />
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.invalidLimit')}>
            <LimitText value={detail.maxInvalidRecord} method={detail.maxInvalidRecordCountMethod} />
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.createdOn')}>
            {formatDateTime(detail.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.table')}>
            <CodeText>{detail.table}</CodeText>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.historyTable')}>
            <CodeText>{detail.historyTable}</CodeText>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataSources.invalidTable')}>
            <CodeText>{detail.invalidTable}</CodeText>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <DataElementsEditor dataSourceId={detail.id} table={detail.table} isEditable={canEdit} />
    </>
  );
}

/** Operations › Configuration › Data Sources › view-data-source/{id}. */
export default function ViewDataSourcePage() {
  return <WithDataSource>{(detail) => <ViewDataSource detail={detail} />}</WithDataSource>;
}
