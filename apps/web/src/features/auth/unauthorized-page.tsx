import { Flex } from 'antd';
import { NotAllowed } from '@/ui/not-allowed';

/** Where a signed-in user who may see no section at all lands (outside the shell: it has nothing to offer). */
export default function UnauthorizedPage() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <NotAllowed />
    </Flex>
  );
}
