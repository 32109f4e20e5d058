/** Types of launch-env.mjs, for the tests that drive the launcher's rules. */
export function prepareLaunchEnvironment(processEnv: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; notes: string[] } | { problem: string };
