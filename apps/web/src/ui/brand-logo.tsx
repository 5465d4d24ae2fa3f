import type { Brand } from '@/lib/brand';

type Props = { brand: Brand; isCompact?: boolean; isOnDark?: boolean };

/** Marks drawn in SVG per brand: no external assets to load or to go missing. */
function BrandMark({ brand }: { brand: Brand }) {
  const c = brand.primaryColor;
  switch (brand.key) {
    case 'bankOne':
    case 'bankTwo':
      return (
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <rect width="28" height="28" rx="6" fill={c} />
          <path d="M5 11 14 5l9 6v1H5z" fill="#fff" />
          <path d="M7 13h2.5v7H7zm5.75 0h2.5v7h-2.5zM18.5 13H21v7h-2.5zM5 21h18v2H5z" fill="#fff" />
        </svg>
      );
    case 'games':
      return (
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <rect width="28" height="28" rx="14" fill={c} />
          <path
            d="M8 11h12a3 3 0 0 1 3 3v2a3 3 0 0 1-5.3 1.9L16.5 17h-5l-1.2.9A3 3 0 0 1 5 16v-2a3 3 0 0 1 3-3z"
            fill="#fff"
          />
          <path
            d="M9 13v1.2H7.8v1.3H9v1.2h1.3v-1.2h1.2v-1.3h-1.2V13zm9.5.5a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8z"
            fill={c}
          />
        </svg>
      );
    default:
      return (
        <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
          <rect width="28" height="28" rx="6" fill={c} />
          <path d="M7 9h10l-3-3M21 19H11l3 3" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        </svg>
      );
  }
}

export function BrandLogo({ brand, isCompact = false, isOnDark = false }: Props) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }} aria-label={brand.name} role="img">
      <BrandMark brand={brand} />
      {!isCompact && (
        <span style={{ fontWeight: 600, fontSize: 16, color: isOnDark ? '#fff' : '#1f2937', whiteSpace: 'nowrap' }}>
          {brand.name}
        </span>
      )}
    </span>
  );
}
