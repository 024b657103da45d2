import { DataTable } from '../data-table';
import styles from './charts.module.css';

interface FigureTableProps {
  caption: string;
  /** The column heads; the first heads the row labels. */
  head: string[];
  /** Each row: its label (a row header), then its numbers. */
  rows: { label: string; values: number[] }[];
}

/** The numbers of a chart as a table beside it, for screen readers, copying and a close look. */
export function FigureTable({ caption, head, rows }: FigureTableProps) {
  return (
    <DataTable
      className={styles.table}
      caption={caption}
      head={head}
      rows={rows.map((row) => [row.label, ...row.values])}
    />
  );
}
