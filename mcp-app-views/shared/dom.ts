/** A child of el(): an element, text (always inserted as text, never parsed as HTML), or nothing. */
export type Child = Node | string | null | undefined | false;

/**
 * One element with its attributes and children. Text from a tool's result goes in as text nodes, so nothing a
 * result holds can become markup in the view.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

/** The view's root, emptied and filled with `children`. */
export function show(root: HTMLElement, ...children: Child[]): void {
  root.replaceChildren();
  for (const child of children) if (child) root.append(child);
}
