/** The abstract brand mark (three aligned rules and a point), shared by the header and app/icon.svg. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="currentColor" />
      <path d="M8 11h16M8 16h10M8 21h13" stroke="var(--paper, #f7f5f0)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="23.5" cy="16" r="2.25" fill="var(--signal, #d9824f)" />
    </svg>
  );
}
