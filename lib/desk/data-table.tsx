/** A table of the desk: column heads, then rows whose first cell heads the row (a label, then its figures). */
export function DataTable({
  caption,
  head,
  rows,
  className,
}: {
  caption?: string;
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  className?: string;
}) {
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ...values]) => (
          <tr key={String(label)}>
            <th scope="row">{label}</th>
            {values.map((value, index) => (
              <td key={index}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
