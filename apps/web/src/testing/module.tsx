import type { ReactNode } from 'react';
import { ModuleContextProvider } from '@/lib/module-context';
import { MODULES } from '@/testing/fixtures';

/** Puts a component inside the first test module, as the shell's module gate would. */
export function WithModule({
  children,
  onSwitch = () => undefined,
}: {
  children: ReactNode;
  onSwitch?: (id: number) => void;
}) {
  const [current] = MODULES;
  if (!current) throw new Error('test modules missing');
  return (
    <ModuleContextProvider value={{ modules: MODULES, current, switchModule: onSwitch }}>
      {children}
    </ModuleContextProvider>
  );
}
