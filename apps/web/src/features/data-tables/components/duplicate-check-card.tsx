import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import type { DataTableDetail } from '@recon/contract';
import { DATA_TABLE_TEXTS } from '@recon/contract/texts';
import { Button, Card, Flex, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDuplicateCheckConfig } from '@/features/data-tables/api/delete-duplicate-check-config';
import { useSaveDuplicateCheckConfig } from '@/features/data-tables/api/save-duplicate-check-config';
import { AppSelect } from '@/ui/app-select';

type Props = { table: DataTableDetail };

/**
 * The columns whose equal values make a row a duplicate when files load. One config per table; saving
 * replaces it, deleting turns the check off entirely.
 */
export function DuplicateCheckCard({ table }: Props) {
  const { t } = useTranslation();
  const config = table.duplicateCheck;
  const [columns, setColumns] = useState<string[]>(config?.columnNames ?? []);
  const [isEnabled, setIsEnabled] = useState(config?.isEnabled ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDuplicateCheckConfig(t('opsConfig.common.updated'));
  const remove = useDeleteDuplicateCheckConfig(t('opsConfig.dataTables.duplicateDeleted'));

  // A saved or deleted config comes back with the table: the editor follows it.
  useEffect(() => {
    setColumns(config?.columnNames ?? []);
    setIsEnabled(config?.isEnabled ?? true);
  }, [config]);

  const onSave = () => {
    if (columns.length === 0) {
      setProblem(DATA_TABLE_TEXTS.duplicateColumnsRequired);
      return;
    }
    setProblem(null);
    save.mutate({ tableName: table.tableName, columnNames: columns, isEnabled });
  };

  return (
    <Card
      title={t('opsConfig.dataTables.duplicateTitle')}
      extra={
        config ? (
          <Tag color={config.isEnabled ? 'success' : 'default'}>
            {t(config.isEnabled ? 'opsConfig.dataTables.duplicateConfigured' : 'opsConfig.dataTables.duplicateOff')}
          </Tag>
        ) : (
          <Tag>{t('opsConfig.dataTables.duplicateNone')}</Tag>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('opsConfig.dataTables.duplicateHelp')}</Typography.Paragraph>
      <Flex vertical gap={12}>
        <div>
          <AppSelect<string[]>
            mode="multiple"
            aria-label={t('opsConfig.dataTables.duplicateColumns')}
            value={columns}
            onChange={(next) => {
              setColumns(next ?? []);
              if ((next ?? []).length > 0) setProblem(null);
            }}
            options={table.columns.map((c) => ({ value: c.name, label: c.name }))}
            status={problem ? 'error' : undefined}
            style={{ width: '100%', maxWidth: 640 }}
          />
          {problem && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
              {problem}
            </Typography.Text>
          )}
        </div>
        <Space>
          <Switch checked={isEnabled} onChange={setIsEnabled} aria-label={t('opsConfig.dataTables.duplicateEnabled')} />
          <Typography.Text>{t('opsConfig.dataTables.duplicateEnabled')}</Typography.Text>
        </Space>
        <Flex gap={8}>
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={onSave}>
            {t('common.save')}
          </Button>
          {config && (
            <Popconfirm
              title={t('opsConfig.common.confirmTitle')}
              description={t('opsConfig.dataTables.duplicateDeleteText')}
              okText={t('opsConfig.common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(config.id).catch(() => undefined)}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
