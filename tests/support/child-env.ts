/** process.env with overrides; an `undefined` override removes the variable. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, ...overrides })) {
    if (value !== undefined) env[name] = value;
  }
  return env as NodeJS.ProcessEnv;
}
