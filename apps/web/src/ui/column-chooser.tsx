import { PushpinFilled, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Choice = { key: string; title: string };
type Props = {
  columns: readonly Choice[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
  /** Columns fixed on the left; with `onPinned`, each shown column has a pin. */
  pinned?: readonly string[];
  onPinned?: (pinned: string[]) => void;
};

/** Show, hide or pin a table's columns; the caller remembers the choice (per user, per table). */
export function ColumnChooser({ columns, hidden, onChange, onReset, pinned = [], onPinned }: Props) {
  const { t } = useTranslation();
  const hiddenSet = new Set(hidden);
  const shown = columns.filter((c) => !hiddenSet.has(c.key)).length;
  const content = (
    <Flex vertical gap={8} style={{ maxHeight: 360, overflowY: 'auto', minWidth: 240 }}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('common.columnsShown', { shown, total: columns.length })}</Typography.Text>
        <Button size="small" type="link" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Flex>
      {columns.map((c) => {
        const isPinned = pinned.includes(c.key);
        const pinLabel = t(isPinned ? 'common.unpinColumn' : 'common.pinColumn', { column: c.title });
        return (
          <Flex key={c.key} justify="space-between" align="center" gap={8}>
            <Checkbox
              checked={!hiddenSet.has(c.key)}
              onChange={(e) => onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])}
            >
              {c.title}
            </Checkbox>
            {onPinned && (
              <Tooltip title={pinLabel}>
                <Button
                  size="small"
                  type="text"
                  aria-label={pinLabel}
                  aria-pressed={isPinned}
                  disabled={hiddenSet.has(c.key)}
                  icon={
                    isPinned ? <PushpinFilled style={{ color: 'var(--ant-color-primary)' }} /> : <PushpinOutlined />
                  }
                  onClick={() => onPinned(isPinned ? pinned.filter((k) => k !== c.key) : [...pinned, c.key])}
                />
              </Tooltip>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('common.columns')} content={content}>
      <Button icon={<SettingOutlined />}>{t('common.columns')}</Button>
    </Popover>
  );
}
