import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { title: string; value: string; onSearch: (text: string) => void; close: () => void };

/** A column's search box (the server keeps the rows whose column contains the text). */
export function ColumnSearch({ title, value, onSearch, close }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const apply = (next: string) => {
    onSearch(next.trim());
    close();
  };
  return (
    // Keys typed here belong to the box, not to the table's keyboard handling.
    <Flex vertical gap={8} style={{ padding: 8, width: 240 }} onKeyDown={(e) => e.stopPropagation()}>
      <Input
        autoFocus
        allowClear
        aria-label={t('pipelineRows.searchColumn', { column: title })}
        placeholder={t('pipelineRows.searchColumn', { column: title })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => apply(text)}
      />
      <Flex gap={8} justify="flex-end">
        <Button
          size="small"
          onClick={() => {
            setText('');
            apply('');
          }}
        >
          {t('common.reset')}
        </Button>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => apply(text)}>
          {t('common.search')}
        </Button>
      </Flex>
    </Flex>
  );
}
