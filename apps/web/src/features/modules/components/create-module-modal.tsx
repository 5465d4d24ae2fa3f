import type { ModuleDetail } from '@recon/contract';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreateModuleForm } from '@/features/modules/components/create-module-form';

type Props = { isOpen: boolean; onClose: () => void; onCreated?: (module: ModuleDetail) => void };

export function CreateModuleModal({ isOpen, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={isOpen} title={t('modules.createTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <CreateModuleForm
        onCancel={onClose}
        onCreated={(module) => {
          onCreated?.(module);
          onClose();
        }}
      />
    </Modal>
  );
}
