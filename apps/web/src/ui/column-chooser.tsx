import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Choice = { key: string; title: string };
type Props = {
  columns: readonly Choice[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
};

/** Show or hide a table's columns; the caller remembers the choice (per data source, per tab). */
export function ColumnChooser({ columns, hidden, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const hiddenSet = new Set(hidden);
  const shown = columns.filter((c) => !hiddenSet.has(c.key)).length;
  const content = (
    <Flex vertical gap={8} style={{ maxHeight: 360, overflowY: 'auto', minWidth: 220 }}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('common.columnsShown', { shown, total: columns.length })}</Typography.Text>
        <Button size="small" type="link" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Flex>
      {columns.map((c) => (
        <Checkbox
          key={c.key}
          checked={!hiddenSet.has(c.key)}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
        >
          {c.title}
        </Checkbox>
      ))}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('common.columns')} content={content}>
      <Button icon={<SettingOutlined />}>{t('common.columns')}</Button>
    </Popover>
  );
}
