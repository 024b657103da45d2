import type { CurlExample } from '@/lib/site/agent-examples';
import type { ToolDoc } from '@/lib/site/agent-docs';
import { CodeBlock } from '../code-block';
import { DocSection } from './doc-section';
import { FieldsTable } from './fields-table';
import { toolsInWords } from '@/lib/agent/surface';
import { capitalised } from '@/lib/words';

/** The tools: an informational match, and a consultation request that reaches a person. */
export function ToolsSection({
  evaluate,
  schedule,
  consultantName,
  responseTime,
  examples,
}: {
  evaluate: ToolDoc;
  schedule: ToolDoc;
  consultantName: string;
  responseTime: string;
  examples: { evaluate: CurlExample; schedule: CurlExample };
}) {
  return (
    <DocSection id="tools" title={capitalised(toolsInWords())}>
      <p>
        Both tools are <code>POST</code> requests with a JSON body and <code>Content-Type: application/json</code>. A
        body that is missing a required field gets a <code>400</code> with the error envelope described below.
      </p>
      <h3 id="evaluate-client-needs">
        <code>{evaluate.name}</code>
      </h3>
      <p>
        <code>POST {evaluate.path}</code>
      </p>
      <p>{evaluate.description}</p>
      <p>
        It answers with <code>recommended</code> (key, title, tagline, why, includes, outcomes, timing),{' '}
        <code>alsoConsider</code> (a runner-up, or <code>null</code>) and <code>nextStep</code>. The scoring is
        deterministic keyword matching, never a language model, so it cannot recommend an engagement that does not
        exist.
      </p>
      <FieldsTable caption={`${evaluate.name} body`} fields={evaluate.fields} />
      <CodeBlock label={examples.evaluate.title} code={examples.evaluate.command} />
      <h3 id="schedule-consultation">
        <code>{schedule.name}</code>
      </h3>
      <p>
        <code>POST {schedule.path}</code>
      </p>
      <p>{schedule.description}</p>
      <p className="callout">
        This sends a real email to {consultantName}. It is <strong>not a booking</strong> and reserves no calendar slot;{' '}
        {consultantName} replies to <code>client_email</code> to agree a time (&ldquo;{responseTime}&rdquo;). A{' '}
        <code>200</code> means the request was accepted for delivery; a <code>502</code> means the mail could not be
        sent and nothing was delivered.
      </p>
      <FieldsTable caption={`${schedule.name} body`} fields={schedule.fields} />
      <CodeBlock label={examples.schedule.title} code={examples.schedule.command} />
    </DocSection>
  );
}
