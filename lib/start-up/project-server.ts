import { processSingleton } from '@/lib/process-singleton';

/** Set by the project's server before Next starts, so that code run by Next knows who is in front. */
export const projectServer = processSingleton<{ running: boolean }>('project-server', () => ({ running: false }));
