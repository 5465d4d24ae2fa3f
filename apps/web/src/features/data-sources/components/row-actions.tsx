import { CopyOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { DataSourceRow } from '@recon/contract';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { duplicateDataSourcePath, editDataSourcePath, viewDataSourcePath } from '@/features/data-sources/paths';
import { PrivilegeGuard } from '@/ui/privilege-guard';

/** Edit and duplicate need createEditDataSource; view needs viewDataSource. */
export function RowActions({ row }: { row: DataSourceRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space size={0}>
      <PrivilegeGuard rule={{ code: 'createEditDataSource' }}>
        <Tooltip title={t('common.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('common.edit')} ${row.name}`}
            onClick={() => navigate(editDataSourcePath(row.id))}
          />
        </Tooltip>
      </PrivilegeGuard>
      <PrivilegeGuard rule={{ code: 'viewDataSource' }}>
        <Tooltip title={t('opsConfig.common.view')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={`${t('opsConfig.common.view')} ${row.name}`}
            onClick={() => navigate(viewDataSourcePath(row.id))}
          />
        </Tooltip>
      </PrivilegeGuard>
      <PrivilegeGuard rule={{ code: 'createEditDataSource' }}>
        <Tooltip title={t('opsConfig.dataSources.duplicate')}>
          <Button
            type="text"
            icon={<CopyOutlined />}
            aria-label={`${t('opsConfig.dataSources.duplicate')} ${row.name}`}
            onClick={() => navigate(duplicateDataSourcePath(row.id, row.name, row.recon.id))}
          />
        </Tooltip>
      </PrivilegeGuard>
    </Space>
  );
}
