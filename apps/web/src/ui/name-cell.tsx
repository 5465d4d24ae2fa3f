import { Typography } from 'antd';
import { Link } from 'react-router';

/** A list's name column: the name links to the record, its description (if any) below it, cut to one line. */
export function NameCell({ to, name, description }: { to: string; name: string; description?: string | null }) {
  return (
    <>
      <Link to={to}>{name}</Link>
      {description && (
        <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 360 }}>
          {description}
        </Typography.Text>
      )}
    </>
  );
}
