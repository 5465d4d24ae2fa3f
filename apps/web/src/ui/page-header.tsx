import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

type Props = { title: ReactNode; description?: ReactNode; extra?: ReactNode };

export function PageHeader({ title, description, extra }: Props) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {description && <Typography.Text type="secondary">{description}</Typography.Text>}
      </div>
      {extra}
    </Flex>
  );
}
