import { callTool } from '@/lib/agent/rest';
import { apiRoute } from '@/lib/http/route';
const h = apiRoute(callTool);
const body = JSON.stringify({ challenges: 'Our Series B pitch deck does not land with investors', technology_sector: 'fintech' });
async function run(n: number) {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await h(new Request('http://127.0.0.1:3000/api/agent/tools/evaluate-client-needs', { method: 'POST', headers: { 'content-type': 'application/json', host: '127.0.0.1' }, body }), { params: Promise.resolve({ tool: 'evaluate-client-needs' }) });
    await r.arrayBuffer();
  }
  return (performance.now() - t) / n;
}
(async () => { await run(2000); console.log('ms/call', (await run(5000)).toFixed(3)); })();
