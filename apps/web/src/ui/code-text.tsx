import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A database name (table, column) as code, on one line. */
export function CodeText({ children }: { children: ReactNode }) {
  return (
    <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Typography.Text>
  );
}
