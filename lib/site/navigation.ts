/** One entry of the primary navigation. */
interface NavItem {
  href: string;
  label: string;
}

/**
 * The primary navigation, in the order it appears in the header. The labels are interface words, not the
 * consultant's copy; each page's own heading comes from content/site.json.
 */
export const PRIMARY_NAV: readonly NavItem[] = [
  { href: '/engagements', label: 'Engagements' },
  { href: '/case-studies', label: 'Case studies' },
  { href: '/about', label: 'About' },
  { href: '/agents', label: 'For agents' },
  { href: '/contact', label: 'Contact' },
];
