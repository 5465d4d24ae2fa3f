import { PlusOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateModuleModal } from '@/features/modules/components/create-module-modal';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';

/** The product switcher: the assigned modules, and Create New Module for holders of createModule. */
export function ModuleSwitcher() {
  const { t } = useTranslation();
  const { modules, current, switchModule } = useModuleSelection();
  const canCreate = useHasPrivilege({ code: 'createModule' });
  const [isCreating, setIsCreating] = useState(false);
  const [isOpen, setIsOpen] = useState(false);

  return (
    <>
      <AppSelect<number>
        aria-label={t('shell.product')}
        value={current.id}
        allowClear={false}
        open={isOpen}
        onOpenChange={setIsOpen}
        onChange={(id) => {
          if (id !== current.id) switchModule(id);
        }}
        options={modules.map((m) => ({ value: m.id, label: m.name }))}
        style={{ width: 240 }}
        popupRender={(menu) => (
          <>
            {menu}
            {canCreate && (
              <>
                <Divider style={{ margin: '4px 0' }} />
                <Button
                  type="text"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => {
                    setIsOpen(false);
                    setIsCreating(true);
                  }}
                  style={{ justifyContent: 'flex-start' }}
                >
                  {t('shell.createModule')}
                </Button>
              </>
            )}
          </>
        )}
      />
      <CreateModuleModal isOpen={isCreating} onClose={() => setIsCreating(false)} />
    </>
  );
}
