/**
 * A copyable command. The <pre> is focusable so keyboard users can scroll a long line; selecting the text copies it
 * without any script.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="code-block">
      <figcaption className="code-block__label">{label}</figcaption>
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
