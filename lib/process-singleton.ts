/**
 * One value per Node process. Next bundles each route separately, so a plain module-level `let` can exist once
 * per route bundle; state that must be shared (the embedded inbox, quota counters, MCP sessions) lives on
 * globalThis under a registered symbol instead.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`consultancy-site:${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  let value = holder[key];
  if (value === undefined) {
    value = create();
    holder[key] = value;
  }
  return value;
}
