import { Button, Flex, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A row's Edit and Delete (after a confirmation) links, after any `before` actions: the reports area's lists. */
export function EditDeleteActions(props: {
  before?: ReactNode;
  onEdit: () => void;
  deleteTitle: string;
  deleteHelp?: string;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={4}>
      {props.before}
      <Button size="small" type="link" onClick={props.onEdit}>
        {t('reports.edit')}
      </Button>
      <Popconfirm
        title={props.deleteTitle}
        description={props.deleteHelp}
        okText={t('reports.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={props.onDelete}
      >
        <Button size="small" type="link" danger>
          {t('reports.delete')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
