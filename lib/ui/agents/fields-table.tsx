import type { ToolDoc } from '@/lib/site/agent-docs';

/** A tool's JSON body fields, worded as in the manifest; the wrapper scrolls sideways on a narrow screen. */
export function FieldsTable({ caption, fields }: { caption: string; fields: ToolDoc['fields'] }) {
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type, presence and meaning</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row">
                <code>{field.name}</code>
              </th>
              <td>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
