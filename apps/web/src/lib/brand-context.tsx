import { createContext, useContext } from 'react';
import { type Brand, currentBrand } from '@/lib/brand';

const BrandContext = createContext<Brand>(currentBrand());
export const BrandProvider = BrandContext.Provider;

export function useBrand(): Brand {
  return useContext(BrandContext);
}
