import styles from './charts.module.css';

export interface FigureTableProps {
  caption: string;
  /** The column heads; the first heads the row labels. */
  head: string[];
  /** Each row: its label (a row header), then its numbers. */
  rows: { label: string; values: number[] }[];
}

/** The numbers of a chart as a table beside it, for screen readers, copying and a close look. */
export function FigureTable({ caption, head, rows }: FigureTableProps) {
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
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
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.values.map((value, index) => (
              <td key={index}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
