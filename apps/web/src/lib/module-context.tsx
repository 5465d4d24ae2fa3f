import type { Module } from '@recon/contract';
import { createContext, useContext } from 'react';

/** The modules assigned to the user and the one being worked in. */
export type ModuleSelection = {
  modules: readonly Module[];
  current: Module;
  /** Stores the module, clears the dashboard cache and redirects within the new module. */
  switchModule: (moduleId: number) => void;
};

const ModuleContext = createContext<ModuleSelection | null>(null);
export const ModuleContextProvider = ModuleContext.Provider;

export function useModuleSelection(): ModuleSelection {
  const selection = useContext(ModuleContext);
  if (!selection) throw new Error('useModuleSelection needs the module gate of the shell');
  return selection;
}
