'use client';

import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef } from 'react';

/**
 * The primary navigation folded behind a "Menu" button, for screens too narrow for one row of links. A native
 * disclosure, so it opens without JavaScript; with it, the menu also closes on Escape and when a link is followed,
 * since the header stays on screen across the site's own navigations.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) close();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    close();
    menu.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={menu} className="site-menu" onClick={closeOnLink} onKeyDown={closeOnEscape}>
      <summary className="site-menu__toggle">Menu</summary>
      <ul role="list" className="site-menu__list">
        {children}
      </ul>
    </details>
  );
}
